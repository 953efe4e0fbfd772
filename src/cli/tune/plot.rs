//! The tuner's SVG plot: time against depth (log scale) and strength against depth.

use super::report::{DepthRow, StrengthRow};
use plotters::prelude::*;
use std::path::Path;

/// Draws the two charts side by side into `path`.
pub(super) fn svg(
    path: &Path,
    title: &str,
    rows: &[DepthRow],
    strength: &[StrengthRow],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (1100, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 18))?;
    let (left, right) = root.split_horizontally(550);
    let max_depth = rows.last().map_or(1, |r| r.depth);

    // Time against depth, log scale.
    let points = |pick: fn(&DepthRow) -> f64| -> Vec<(u32, f64)> {
        rows.iter()
            .filter(|r| r.reached > 0)
            .map(|r| (r.depth, pick(r).max(0.001)))
            .collect()
    };
    let median = points(|r| r.median.as_secs_f64() * 1000.0);
    let p90 = points(|r| r.p90.as_secs_f64() * 1000.0);
    let highest = p90.iter().map(|p| p.1).fold(0.01f64, f64::max) * 2.0;
    let lowest = median
        .iter()
        .map(|p| p.1)
        .fold(highest, f64::min)
        .max(0.001)
        / 2.0;
    let mut chart = ChartBuilder::on(&left)
        .caption("time to complete depth (ms, log scale)", ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(1u32..max_depth.max(2), (lowest..highest).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc("ms")
        .draw()?;
    chart
        .draw_series(LineSeries::new(median.clone(), &BLUE))?
        .label("median")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLUE));
    chart.draw_series(median.iter().map(|&p| Circle::new(p, 3, BLUE.filled())))?;
    chart
        .draw_series(LineSeries::new(p90.clone(), &RED))?
        .label("90th percentile")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], RED));
    chart.draw_series(p90.iter().map(|&p| Circle::new(p, 3, RED.filled())))?;
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .position(SeriesLabelPosition::UpperLeft)
        .draw()?;

    // Strength against depth: Elo of each ply over the one before, and the running sum.
    let mut cumulative = 0.0;
    let gains: Vec<(u32, f64)> = strength
        .iter()
        .map(|s| (s.depth, s.elo_clamped()))
        .collect();
    let mut sums: Vec<(u32, f64)> = vec![(1, 0.0)];
    for &(depth, gain) in &gains {
        cumulative += gain;
        sums.push((depth, cumulative));
    }
    let top = sums
        .iter()
        .chain(gains.iter())
        .map(|p| p.1)
        .fold(100.0f64, f64::max)
        * 1.1;
    let bottom = sums
        .iter()
        .chain(gains.iter())
        .map(|p| p.1)
        .fold(-100.0f64, f64::min)
        * 1.1;
    let mut chart = ChartBuilder::on(&right)
        .caption("strength (Elo; sweeps clamped to ±800)", ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(1u32..max_depth.max(2), bottom..top)?;
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc("Elo")
        .draw()?;
    if !gains.is_empty() {
        chart
            .draw_series(LineSeries::new(gains.clone(), &GREEN))?
            .label("depth d vs d−1")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], GREEN));
        chart.draw_series(gains.iter().map(|&p| Circle::new(p, 3, GREEN.filled())))?;
        chart
            .draw_series(LineSeries::new(sums.clone(), &MAGENTA))?
            .label("sum from depth 1")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], MAGENTA));
        chart
            .configure_series_labels()
            .border_style(BLACK)
            .background_style(WHITE.mix(0.8))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()?;
    }
    root.present()?;
    Ok(())
}
