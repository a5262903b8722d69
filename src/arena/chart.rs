//! The lab's SVG charts: the frame every chart shares (`svg_chart`: a white canvas, a caption,
//! axes over f64 ranges, a legend, the text it makes), and `ratings.svg`, every engine's
//! rating with its 95% error bar. The tuners draw their loss and trace charts in the same frame.

use std::ops::Range;

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// A chart's drawing context: both axes f64, drawn to SVG text.
pub type Chart<'a, 'b> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// What differs between the lab's charts; the margin (12) and the x labels' room (36) do not.
pub struct Frame<S: AsRef<str>> {
    pub size: (u32, u32),
    pub caption: S,
    pub caption_size: u32,
    /// Room for the y labels, pixels.
    pub y_label_area: u32,
    pub x: Range<f64>,
    pub y: Range<f64>,
    /// A legend of the series drawn with labels (a black border on white), drawn last.
    pub legend: bool,
}

/// The text of a plotters failure (a chart's errors are strings to its callers).
pub fn failed(e: impl ToString) -> String {
    e.to_string()
}

/// An SVG chart in `frame`, with what `draw` draws in it.
pub fn svg_chart<S: AsRef<str>>(
    frame: Frame<S>,
    draw: impl FnOnce(&mut Chart) -> Result<(), String>,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, frame.size).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(frame.caption.as_ref(), ("sans-serif", frame.caption_size))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(frame.y_label_area)
            .build_cartesian_2d(frame.x, frame.y)
            .map_err(failed)?;
        draw(&mut chart)?;
        if frame.legend {
            chart
                .configure_series_labels()
                .border_style(BLACK)
                .background_style(WHITE)
                .draw()
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

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
    let frame = Frame {
        size: (720, 120 + 40 * n as u32),
        caption: format!("{game}: ratings (Elo, 95%), {anchor} = 0"),
        caption_size: 20,
        y_label_area: 140,
        x: lo..hi,
        y: -0.5f64..(n as f64 - 0.5),
        legend: false,
    };
    svg_chart(frame, |chart| {
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
            .map_err(failed)?;
        let y_of = |i: usize| (n - 1 - i) as f64;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                PathElement::new(
                    vec![(r.1 - r.2, y_of(i)), (r.1 + r.2, y_of(i))],
                    BLUE.stroke_width(2),
                )
            }))
            .map_err(failed)?;
        chart
            .draw_series(
                rows.iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((r.1, y_of(i)), 5, BLUE.filled())),
            )
            .map_err(failed)?;
        Ok(())
    })
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
