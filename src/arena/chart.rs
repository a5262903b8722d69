//! `ratings.svg`: every engine's rating with its 95% error bar.

use plotters::prelude::*;

/// The chart of `ratings`: (engine, Elo, 95% error) a row, engines without a finite rating
/// left out by the caller; `anchor` is the engine rated 0. It takes plain rows rather than the
/// arena's summary so that drawing stays below the report that computes them.
pub fn ratings_svg(
    game: &str,
    anchor: &str,
    rows: &[(String, f64, f64)],
) -> Result<String, String> {
    let lo = rows.iter().map(|r| r.1 - r.2).fold(0.0f64, f64::min) - 20.0;
    let hi = rows.iter().map(|r| r.1 + r.2).fold(0.0f64, f64::max) + 20.0;
    // Ticks at round Elo values (1, 2 or 5 times a power of ten), the axis ending on ticks.
    let step = nice_step((hi - lo) / 6.0);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let ticks = ((hi - lo) / step).round() as usize + 1;
    let n = rows.len().max(1);
    let mut svg = String::new();
    {
        let height = 120 + 40 * n as u32;
        let root = SVGBackend::with_string(&mut svg, (720, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{game}: ratings (Elo, 95%), {anchor} = 0"),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(140)
            .build_cartesian_2d(lo..hi, -0.5f64..(n as f64 - 0.5))
            .map_err(|e| e.to_string())?;
        let names: Vec<String> = rows
            .iter()
            .map(|r| {
                if r.0 == anchor {
                    format!("{} (anchor)", r.0)
                } else {
                    r.0.clone()
                }
            })
            .collect();
        chart
            .configure_mesh()
            .y_labels(n)
            .y_label_formatter(&|y| {
                let i = y.round();
                if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
                    names[names.len() - 1 - i as usize].clone()
                } else {
                    String::new()
                }
            })
            .x_labels(ticks)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .x_desc(format!("Elo relative to {anchor}"))
            .draw()
            .map_err(|e| e.to_string())?;
        let y_of = |i: usize| (n - 1 - i) as f64;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                PathElement::new(
                    vec![(r.1 - r.2, y_of(i)), (r.1 + r.2, y_of(i))],
                    BLUE.stroke_width(2),
                )
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(
                rows.iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((r.1, y_of(i)), 5, BLUE.filled())),
            )
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// 1, 2 or 5 times a power of ten, at least `raw` (and at least 1 Elo).
fn nice_step(raw: f64) -> f64 {
    let raw = raw.max(1.0);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(nice_step(37.0), 50.0);
        assert_eq!(nice_step(120.0), 200.0);
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(10.0), 10.0);
    }
}
