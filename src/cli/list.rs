use clap::Args;

use super::CliResult;
use crate::games;

#[derive(Args, Debug)]
pub struct ListArgs {
    /// Print one JSON array instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: ListArgs) -> CliResult {
    let all = games::all();
    if args.json {
        out!("{}", serde_json::to_string_pretty(&all)?);
        return Ok(());
    }
    // Columns as wide as their widest entry over every game, so they line up.
    let width = |f: &dyn Fn(&crate::game::RuleOption) -> usize| {
        all.iter()
            .flat_map(|g| g.options.iter())
            .map(f)
            .max()
            .unwrap_or(0)
    };
    let key_w = width(&|o| o.key.len() + 1 + o.default.chars().count());
    // Capped: one long list (EinStein's setups) must not push every help text off the screen.
    let values_w = width(&|o| o.values.join("|").chars().count()).min(40);
    for g in &all {
        out!("{:<12} {}", g.id, g.name);
        if g.options.is_empty() {
            out!("    (no rule options)");
        }
        for o in &g.options {
            out!(
                "    {:<key_w$}  one of: {:<values_w$}  {}",
                format!("{}={}", o.key, o.default),
                o.values.join("|"),
                o.help
            );
        }
    }
    Ok(())
}
