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
    for g in all {
        out!("{:<12} {}", g.id, g.name);
        if g.options.is_empty() {
            out!("    (no rule options)");
        }
        for o in g.options {
            out!(
                "    {}={:<12} one of: {:<32} {}",
                o.key,
                o.default,
                o.values.join("|"),
                o.help
            );
        }
    }
    Ok(())
}
