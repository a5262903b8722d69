//! Oware drawn as the wooden board: two rows of six houses with their seeds (counted, and drawn
//! as dots up to 12), South's row a-f at the bottom left to right, North's A-F on top right to
//! left, the two stores of captured seeds at the ends, the house last sown from marked.

use crate::game::draw::{Draw, Svg, HIGHLIGHT};

use super::board::{HOUSES, ROW};
use super::text::house_name;
use super::{Oware, OwareMove};

const PIT: f64 = 64.0;
const LEFT: f64 = 90.0;
const TOP: f64 = 30.0;

/// The centre of house `i` as drawn.
fn centre(i: usize) -> (f64, f64) {
    if i < ROW {
        (LEFT + (i as f64 + 0.5) * PIT, TOP + 1.5 * PIT + 10.0)
    } else {
        (
            LEFT + ((2 * ROW - 1 - i) as f64 + 0.5) * PIT,
            TOP + 0.5 * PIT,
        )
    }
}

impl Draw for Oware {
    fn svg(&self, last: Option<(&Oware, OwareMove)>) -> String {
        let (w, h) = (2.0 * LEFT + ROW as f64 * PIT, TOP + 2.0 * PIT + 60.0);
        let mut svg = Svg::new(w, h);
        svg.rect(0.0, 0.0, w, h, r##"fill="#efe6d2""##);
        svg.rect(
            10.0,
            TOP - 10.0,
            w - 20.0,
            2.0 * PIT + 30.0,
            r##"rx="30" fill="#9a6a3a" stroke="#4a2e12" stroke-width="3""##,
        );
        let houses = self.houses();
        for i in 0..HOUSES {
            let (x, y) = centre(i);
            let name = house_name(i);
            svg.raw(&format!(
                r##"<circle cx="{x}" cy="{y}" r="27" fill="#6e4421" stroke="#3a220c" stroke-width="2" data-sq="{name}" data-piece="{}"/>"##,
                houses[i]
            ));
            for k in 0..(houses[i] as usize).min(12) {
                let a = k as f64 * 2.4;
                let rr = 6.0 + 2.2 * k as f64 / 1.5;
                svg.circle(
                    x + rr.min(19.0) * a.cos(),
                    y + rr.min(19.0) * a.sin(),
                    3.6,
                    r##"fill="#e9dcc0" stroke="#7a6a4a" stroke-width="0.6""##,
                );
            }
            let label_y = if i < ROW { y + 40.0 } else { y - 38.0 };
            svg.text(x, label_y, 11.0, &name, r##"fill="#333""##);
            svg.text(
                x + 20.0,
                y + 20.0,
                13.0,
                &houses[i].to_string(),
                r##"fill="#fff" font-weight="bold""##,
            );
        }
        let scores = self.scores();
        for (p, x) in [(1usize, LEFT / 2.0 + 5.0), (0, w - LEFT / 2.0 - 5.0)] {
            svg.raw(&format!(
                r##"<rect x="{}" y="{}" width="50" height="{}" rx="22" fill="#6e4421" stroke="#3a220c" stroke-width="2"/>"##,
                x - 25.0,
                TOP,
                2.0 * PIT - 10.0
            ));
            svg.raw(&format!(
                r##"<text x="{x}" y="{}" font-size="20" text-anchor="middle" dominant-baseline="central" fill="#fff" data-count="{}">{}</text>"##,
                TOP + PIT,
                if p == 0 { "south" } else { "north" },
                scores[p]
            ));
        }
        if let Some((_, mv)) = last {
            if (mv as usize) < HOUSES {
                let (x, y) = centre(mv as usize);
                svg.circle(
                    x,
                    y,
                    30.0,
                    &format!(
                        r#"fill="none" stroke="{HIGHLIGHT}" stroke-width="3" data-last="{}""#,
                        house_name(mv as usize)
                    ),
                );
            }
        }
        let status = if self.is_over() {
            format!("game over: South {} North {}", scores[0], scores[1])
        } else {
            format!(
                "{} to move; captured: South {} North {}",
                if self.side() == 0 { "South" } else { "North" },
                scores[0],
                scores[1]
            )
        };
        svg.raw(&format!(
            r##"<text x="{}" y="{}" font-size="15" text-anchor="middle" fill="#222" data-status="1">{}</text>"##,
            w / 2.0,
            h - 12.0,
            crate::game::draw::escape(&status)
        ));
        svg.finish()
    }
}
