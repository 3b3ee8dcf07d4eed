//! `wgresize bench --plot FILE.svg`: per shape, one bar per path, the peer's time when a peer
//! JSON is given, and the bytes floor.

use plotters::prelude::*;
use wgpu_resize::bench::{BenchResult, BenchShape};

/// One bar: a label, a time in µs and its colour.
struct Bar {
    label: String,
    micros: f64,
    color: RGBColor,
}

/// PyTorch's median for `shape` from `torch_peer.py` JSON: its faster layout, in the mode that
/// matches the shape's filter and the element type (none for u8).
fn peer_time(peer: &serde_json::Value, shape: &BenchShape) -> Option<f64> {
    let mode = match serde_json::to_value(shape.filter).ok()?.as_str()? {
        "lanczos3_antialias" => "bicubic_antialias".to_string(),
        other => other.to_string(),
    };
    let dtype = match shape.element {
        wgpu_resize::ElementType::F32 => "float32",
        wgpu_resize::ElementType::F16 => "float16",
        _ => return None,
    };
    peer["results"]
        .as_array()?
        .iter()
        .filter(|r| {
            r["mode"] == mode.as_str()
                // Files from before the f16 rows timed float32 only.
                && r["dtype"].as_str().unwrap_or("float32") == dtype
                && [
                    ("n", shape.n),
                    ("h", shape.h),
                    ("w", shape.w),
                    ("c", shape.c),
                    ("out_h", shape.out_h),
                    ("out_w", shape.out_w),
                ]
                .iter()
                .all(|(k, v)| r[*k].as_u64() == Some(*v as u64))
        })
        .filter_map(|r| r["median_us"].as_f64())
        .reduce(f64::min)
}

/// The plot as SVG text. `copy_rate` (bytes/s, read plus write) gives the floor bars.
pub fn svg(
    title: &str,
    shapes: &[BenchShape],
    results: &[BenchResult],
    peer: Option<&serde_json::Value>,
    copy_rate: Option<f64>,
) -> Result<String, String> {
    let palette = [
        ("gather", RGBColor(31, 119, 180)),
        ("separable", RGBColor(255, 127, 14)),
        ("fused", RGBColor(44, 160, 44)),
        ("auto", RGBColor(148, 103, 189)),
    ];
    let groups: Vec<(String, Vec<Bar>)> = shapes
        .iter()
        .map(|shape| {
            let mut bars: Vec<Bar> = palette
                .iter()
                .filter_map(|(name, color)| {
                    let r = results
                        .iter()
                        .find(|r| r.shape == *shape && r.path == *name)?;
                    Some(Bar {
                        label: (*name).into(),
                        micros: r.median_us,
                        color: *color,
                    })
                })
                .collect();
            if let Some(t) = peer.and_then(|p| peer_time(p, shape)) {
                bars.push(Bar {
                    label: "PyTorch".into(),
                    micros: t,
                    color: RGBColor(214, 39, 40),
                });
            }
            if let (Some(rate), Some(r)) = (copy_rate, results.iter().find(|r| r.shape == *shape)) {
                bars.push(Bar {
                    label: "floor".into(),
                    micros: r.bytes as f64 / rate * 1e6,
                    color: RGBColor(127, 127, 127),
                });
            }
            (shape.label(), bars)
        })
        .collect();
    let rows: usize = groups.iter().map(|(_, bars)| bars.len() + 1).sum();
    let longest = groups
        .iter()
        .flat_map(|(_, bars)| bars.iter().map(|b| b.micros))
        .fold(1.0f64, f64::max);
    let height = 80 + rows as u32 * 16;
    let mut text = String::new();
    let root = SVGBackend::with_string(&mut text, (1100, height)).into_drawing_area();
    let err = |e: DrawingAreaErrorKind<std::io::Error>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(10)
        .build_cartesian_2d((1.0f64..longest * 6.0).log_scale(), 0f64..rows as f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_y_axis()
        .x_desc("µs (log scale)")
        .draw()
        .map_err(err)?;
    let mut row = rows as f64;
    for (label, bars) in &groups {
        row -= 1.0;
        chart
            .draw_series(std::iter::once(Text::new(
                label.clone(),
                (1.05, row + 0.3),
                ("sans-serif", 13).into_font().style(FontStyle::Bold),
            )))
            .map_err(err)?;
        for bar in bars {
            row -= 1.0;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(1.0, row + 0.15), (bar.micros.max(1.0), row + 0.85)],
                    bar.color.filled(),
                )))
                .map_err(err)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{} {:.1}", bar.label, bar.micros),
                    (bar.micros.max(1.0) * 1.03, row + 0.7),
                    ("sans-serif", 11),
                )))
                .map_err(err)?;
        }
    }
    root.present().map_err(err)?;
    drop(chart);
    drop(root);
    Ok(text)
}
