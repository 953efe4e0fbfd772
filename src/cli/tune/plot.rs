//! The tuner's SVG plot: time against depth (log scale) and strength against depth.

use super::parts::StrengthRow;
use super::report::DepthRow;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordu32;
use plotters::prelude::*;
use std::error::Error;
use std::ops::Range;
use std::path::Path;

/// A half of the plot.
type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
/// A chart of depth (x) against a value (y).
type Chart<'a, Y> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordu32, Y>>;
/// Points of a series: (depth, value).
type Points = Vec<(u32, f64)>;

/// Draws the two charts side by side into `path` (written atomically).
pub(super) fn svg(
    path: &Path,
    title: &str,
    rows: &[DepthRow],
    strength: &[StrengthRow],
) -> Result<(), Box<dyn Error>> {
    let mut text = String::new();
    draw(&mut text, title, rows, strength)?;
    crate::files::write_atomic_bytes(path, text.as_bytes())?;
    Ok(())
}

/// Draws the two charts side by side as SVG text.
fn draw(
    text: &mut String,
    title: &str,
    rows: &[DepthRow],
    strength: &[StrengthRow],
) -> Result<(), Box<dyn Error>> {
    let root = SVGBackend::with_string(text, (1100, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 18))?;
    let (left, right) = root.split_horizontally(550);
    let depths = 1u32..rows.last().map_or(1, |r| r.depth).max(2);
    draw_times(&left, depths.clone(), rows)?;
    draw_strength(&right, depths, strength)?;
    root.present()?;
    Ok(())
}

/// Time to complete each depth, median and 90th percentile, on a log scale.
fn draw_times(area: &Area, depths: Range<u32>, rows: &[DepthRow]) -> Result<(), Box<dyn Error>> {
    let points = |pick: fn(&DepthRow) -> f64| -> Points {
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
    let mut chart = chart(
        area,
        "time to complete depth (ms, log scale)",
        "ms",
        depths,
        (lowest..highest).log_scale(),
    )?;
    draw_line(&mut chart, &median, BLUE, "median")?;
    draw_dots(&mut chart, &median, BLUE)?;
    draw_line(&mut chart, &p90, RED, "90th percentile")?;
    draw_dots(&mut chart, &p90, RED)?;
    draw_legend(&mut chart)
}

/// Strength against depth: Elo of each ply over the one before, and the running sum.
fn draw_strength(
    area: &Area,
    depths: Range<u32>,
    strength: &[StrengthRow],
) -> Result<(), Box<dyn Error>> {
    let gains: Points = strength
        .iter()
        .map(|s| (s.depth, s.elo_clamped()))
        .collect();
    let mut cumulative = 0.0;
    let mut sums: Points = vec![(1, 0.0)];
    for &(depth, gain) in &gains {
        cumulative += gain;
        sums.push((depth, cumulative));
    }
    let values = || sums.iter().chain(gains.iter()).map(|p| p.1);
    let top = values().fold(100.0f64, f64::max) * 1.1;
    let bottom = values().fold(-100.0f64, f64::min) * 1.1;
    let mut chart = chart(
        area,
        "strength (Elo; sweeps clamped to ±800)",
        "Elo",
        depths,
        bottom..top,
    )?;
    if !gains.is_empty() {
        draw_line(&mut chart, &gains, GREEN, "depth d vs d−1")?;
        draw_dots(&mut chart, &gains, GREEN)?;
        draw_line(&mut chart, &sums, MAGENTA, "sum from depth 1")?;
        draw_legend(&mut chart)?;
    }
    Ok(())
}

/// A chart on `area` with its caption and mesh: depth in plies across, `y_desc` up.
fn chart<'a, Y>(
    area: &Area<'a>,
    caption: &str,
    y_desc: &str,
    depths: Range<u32>,
    values: Y,
) -> Result<Chart<'a, Y::CoordDescType>, Box<dyn Error>>
where
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(depths, values)?;
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc(y_desc)
        .draw()?;
    Ok(chart)
}

/// A line through `points`, with its legend entry.
fn draw_line<Y: Ranged<ValueType = f64>>(
    chart: &mut Chart<'_, Y>,
    points: &[(u32, f64)],
    color: RGBColor,
    label: &str,
) -> Result<(), Box<dyn Error>> {
    chart
        .draw_series(LineSeries::new(points.to_vec(), &color))?
        .label(label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color));
    Ok(())
}

/// A dot at each of `points`.
fn draw_dots<Y: Ranged<ValueType = f64>>(
    chart: &mut Chart<'_, Y>,
    points: &[(u32, f64)],
    color: RGBColor,
) -> Result<(), Box<dyn Error>> {
    chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
    Ok(())
}

/// The legend, top left.
fn draw_legend<Y: Ranged<ValueType = f64>>(chart: &mut Chart<'_, Y>) -> Result<(), Box<dyn Error>> {
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .position(SeriesLabelPosition::UpperLeft)
        .draw()?;
    Ok(())
}
