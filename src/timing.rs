//! Timing recorded resizes on the GPU: timestamp queries around each resize where the device has
//! them, wall clock around a submit and a blocking poll otherwise.

use std::time::Instant;

use crate::error::ResizeError;
use crate::gpu::{Resizer, TimestampSlots};
use crate::plan::Path;
use crate::readback::read_buffer;
use crate::spec::ResizeSpec;

/// How a time was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimingMethod {
    /// GPU timestamp queries at the start of the first pass and the end of the last.
    Timestamp,
    /// Host wall clock around one submission and a blocking device poll.
    Wall,
}

impl TimingMethod {
    /// `"timestamp"` or `"wall"`.
    pub fn name(self) -> &'static str {
        match self {
            TimingMethod::Timestamp => "timestamp",
            TimingMethod::Wall => "wall",
        }
    }

    /// The method the device supports: timestamps when it has the feature.
    pub fn for_device(device: &wgpu::Device) -> Self {
        if device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
            TimingMethod::Timestamp
        } else {
            TimingMethod::Wall
        }
    }
}

/// Samples of one resize, in microseconds.
#[derive(Clone, Debug)]
pub struct Samples {
    /// How they were taken.
    pub method: TimingMethod,
    /// Each sample, µs.
    pub micros: Vec<f64>,
}

impl Samples {
    /// The median sample.
    pub fn median(&self) -> f64 {
        median(&self.micros)
    }
}

/// The median of `values` (the mean of the middle two for an even count); NaN when empty.
pub fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}

/// Least wall time of untimed resizes before each timed batch of timestamps (see
/// [`time_resize`]).
pub const PRE_ROLL_SECONDS: f64 = 0.03;

/// Times `spec` on `path` between the given buffers: one untimed run that sizes the batch,
/// then enough samples to fill about `budget_seconds` (between `min_samples` and
/// `max_samples`); timestamps follow at least [`PRE_ROLL_SECONDS`] of untimed resizes.
#[allow(clippy::too_many_arguments)]
pub fn time_resize(
    resizer: &Resizer,
    spec: &ResizeSpec,
    path: Path,
    input: &wgpu::Buffer,
    output: &wgpu::Buffer,
    method: TimingMethod,
    budget_seconds: f64,
    samples: (usize, usize),
) -> Result<Samples, ResizeError> {
    time_recorded(
        resizer.device(),
        resizer.queue(),
        method,
        budget_seconds,
        samples,
        |encoder, slots| {
            resizer
                .encode_inner(
                    encoder,
                    spec,
                    input.slice(..),
                    output.slice(..),
                    path,
                    slots,
                )
                .map(|_| ())
        },
    )
}

/// Times whatever `record` records, as [`time_resize`] times a resize: `record` records one
/// run into the encoder it is given, with its first pass writing the beginning timestamp and
/// its last pass the end one where it is given [`TimestampSlots`] (none for the untimed runs).
/// The same pre-roll and batches as the library's own timings, so that a kernel outside the
/// library (a baseline to compare with) is timed exactly as the library is.
pub fn time_recorded(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    method: TimingMethod,
    budget_seconds: f64,
    (min_samples, max_samples): (usize, usize),
    mut record: impl FnMut(
        &mut wgpu::CommandEncoder,
        Option<TimestampSlots<'_>>,
    ) -> Result<(), ResizeError>,
) -> Result<Samples, ResizeError> {
    // Warm-up: builds pipelines, uploads tables, and measures roughly how long a run takes.
    let start = Instant::now();
    let mut encoder = device.create_command_encoder(&Default::default());
    record(&mut encoder, None)?;
    queue.submit([encoder.finish()]);
    wait(device)?;
    let rough = start.elapsed().as_secs_f64().max(1e-6);
    let count = ((budget_seconds / rough) as usize).clamp(min_samples.max(1), max_samples.max(1));

    match method {
        TimingMethod::Wall => {
            let mut micros = Vec::with_capacity(count);
            for _ in 0..count {
                let mut encoder = device.create_command_encoder(&Default::default());
                record(&mut encoder, None)?;
                let start = Instant::now();
                queue.submit([encoder.finish()]);
                wait(device)?;
                micros.push(start.elapsed().as_secs_f64() * 1e6);
            }
            Ok(Samples { method, micros })
        }
        TimingMethod::Timestamp => {
            // Untimed resizes first, the last batch submitted right before the timed ones and
            // not waited for, so that the timed resizes find the GPU already busy. After the
            // idle moments around them (the warm-up's wait, a bench's CPU reference) a GPU's
            // clocks have dropped; resizes timed straight after ran up to three times slower on
            // an H200 (BENCHMARKS.md tuning log item 35). As many as are timed did not always
            // bring them back for short resizes (two-mode medians at 4c564e3 and after), so the
            // untimed batches repeat until the GPU has been busy for PRE_ROLL_SECONDS.
            let pre_roll = Instant::now();
            loop {
                let mut encoder = device.create_command_encoder(&Default::default());
                for _ in 0..count {
                    record(&mut encoder, None)?;
                }
                queue.submit([encoder.finish()]);
                if pre_roll.elapsed().as_secs_f64() >= PRE_ROLL_SECONDS {
                    break;
                }
                wait(device)?;
            }
            let queries = 2 * count as u32;
            let query_set = device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("wgpu-resize timing"),
                ty: wgpu::QueryType::Timestamp,
                count: queries,
            });
            let resolve = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("wgpu-resize timing resolve"),
                size: queries as u64 * 8,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let mut encoder = device.create_command_encoder(&Default::default());
            for k in 0..count as u32 {
                let slots = TimestampSlots {
                    query_set: &query_set,
                    begin: 2 * k,
                };
                record(&mut encoder, Some(slots))?;
            }
            encoder.resolve_query_set(&query_set, 0..queries, &resolve, 0);
            queue.submit([encoder.finish()]);
            let ticks: Vec<u64> = read_buffer(device, queue, &resolve, 0..queries as u64 * 8)?;
            let period_ns = queue.get_timestamp_period() as f64;
            Ok(Samples {
                method,
                micros: serial_intervals(&ticks, period_ns),
            })
        }
    }
}

/// Resizes recorded back to back in each compute pass that [`time_resize_in_pass`] times.
pub const RESIZES_PER_PASS: usize = 10;

/// Times `spec` on `path` as resizes recorded back to back in one compute pass, the way a frame
/// that runs several resizes in its pass records them ([`Resizer::encode_in_pass`]): each
/// sample is a pass of [`RESIZES_PER_PASS`] resizes, timed as [`time_resize`] times one resize
/// in a pass of its own (same pre-roll, timestamps at the pass's start and end, or the wall
/// clock), over [`RESIZES_PER_PASS`]. What one resize adds to a pass of many, barrier
/// included, without the cost of a pass of its own (about 5 µs on an H200: BENCHMARKS.md,
/// tuning log items 125 and 127). A timestamp between the resizes would add its own cost to
/// each (item 126), so there is none.
///
/// The resizes of a pass take `slices`' (input, output) pairs in turn, so that a stream of
/// different frames can be timed: with one pair, each resize of a small shape reads what the
/// one before left in the GPU's cache ([`pairs_beyond_cache`] says how many pairs avoid that).
/// Put the outputs in one buffer: wgpu then orders each resize after the one before, as a
/// stream on one queue runs them; resizes with nothing in common may overlap in a pass, and
/// their time is then not one resize's (tuning log item 128).
#[allow(clippy::too_many_arguments)]
pub fn time_resize_in_pass(
    resizer: &Resizer,
    spec: &ResizeSpec,
    path: Path,
    slices: &[(wgpu::BufferSlice<'_>, wgpu::BufferSlice<'_>)],
    method: TimingMethod,
    budget_seconds: f64,
    samples: (usize, usize),
) -> Result<Samples, ResizeError> {
    if slices.is_empty() {
        return Err(ResizeError::Argument {
            which: "slices",
            why: "is empty; time_resize_in_pass needs at least one (input, output) pair".into(),
        });
    }
    let ready = slices
        .iter()
        .map(|&(input, output)| resizer.ready(spec, input, output, path))
        .collect::<Result<Vec<_>, _>>()?;
    // The pairs in turn across passes too, so that more pairs than a pass holds all serve.
    let mut turn = (0..ready.len()).cycle();
    let mut pass_samples = time_recorded(
        resizer.device(),
        resizer.queue(),
        method,
        budget_seconds,
        samples,
        |encoder, slots| {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("wgpu-resize timing in one pass"),
                timestamp_writes: slots.map(TimestampSlots::whole_pass),
            });
            for k in turn.by_ref().take(RESIZES_PER_PASS) {
                ready[k].record_dispatches(&mut pass);
            }
            Ok(())
        },
    )?;
    for micros in &mut pass_samples.micros {
        *micros /= RESIZES_PER_PASS as f64;
    }
    Ok(pass_samples)
}

/// Bytes of distinct memory that [`time_resize_in_pass`]'s resizes should touch between two
/// uses of one buffer pair, so that none finds its data still in the GPU's last-level cache:
/// 128 MiB, over twice an H200's 50 MB L2.
pub const STREAM_BYTES: u64 = 128 << 20;

/// The most (input, output) pairs [`pairs_beyond_cache`] asks for: tiny tensors stream through
/// this many and no more.
pub const MAX_STREAM_PAIRS: usize = 64;

/// The most frames (textures) that the texture-to-tensor timings take in turn so that
/// [`STREAM_BYTES`] lie between two reads of one: `wgresize bench --frames` and the tuning of
/// that route. Small frames stream through this many and no more.
pub const MAX_STREAM_FRAMES: usize = 16;

/// How many frames of `frame_bytes` the texture-to-tensor timings take in turn: 1 for large
/// frames, at most [`MAX_STREAM_FRAMES`].
pub fn frames_beyond_cache(frame_bytes: u64) -> usize {
    (STREAM_BYTES.div_ceil(frame_bytes.max(1)) as usize).clamp(1, MAX_STREAM_FRAMES)
}

/// How many (input, output) pairs of `spec` the resizes of [`time_resize_in_pass`], taking
/// them in turn, need so that [`STREAM_BYTES`] of distinct memory lie between two uses of one
/// pair: 1 for large tensors, at most [`MAX_STREAM_PAIRS`].
pub fn pairs_beyond_cache(spec: &ResizeSpec) -> usize {
    let per_resize = (spec.input_bytes() + spec.output_bytes()).max(1);
    (STREAM_BYTES.div_ceil(per_resize) as usize).clamp(1, MAX_STREAM_PAIRS)
}

/// Durations of back-to-back resizes from their (begin, end) timestamp pairs, in µs.
///
/// A beginning-of-pass timestamp can be written as soon as the GPU's front end reaches the pass,
/// before the previous resize, which the pass must wait for, has finished. Each resize is
/// therefore counted from the later of its own begin and the previous resize's end: the time it
/// alone occupied the GPU.
pub fn serial_intervals(ticks: &[u64], period_ns: f64) -> Vec<f64> {
    let mut previous_end = 0u64;
    ticks
        .chunks_exact(2)
        .map(|pair| {
            let begin = pair[0].max(previous_end);
            previous_end = pair[1];
            pair[1].saturating_sub(begin) as f64 * period_ns / 1000.0
        })
        .collect()
}

/// The `q`-quantile (0 to 1) of `values`, nearest rank; NaN when empty.
pub fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((sorted.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
    sorted[rank]
}

fn wait(device: &wgpu::Device) -> Result<(), ResizeError> {
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .map(|_| ())
        .map_err(|e| ResizeError::Gpu(format!("waiting for the device: {e}")))
}

/// Times several paths of one spec in alternating rounds, so that drift in the device's clocks
/// or memory state over the run falls on every path alike. Each path gets about
/// `budget_seconds / paths.len()` in total; its samples from all rounds are pooled.
#[allow(clippy::too_many_arguments)]
pub fn time_interleaved(
    resizer: &Resizer,
    spec: &ResizeSpec,
    paths: &[Path],
    input: &wgpu::Buffer,
    output: &wgpu::Buffer,
    method: TimingMethod,
    budget_seconds: f64,
    rounds: usize,
) -> Vec<Result<Samples, ResizeError>> {
    let rounds = rounds.max(1);
    let slice = budget_seconds / (rounds * paths.len().max(1)) as f64;
    let mut pooled: Vec<Result<Samples, ResizeError>> = paths
        .iter()
        .map(|_| {
            Ok(Samples {
                method,
                micros: Vec::new(),
            })
        })
        .collect();
    for _ in 0..rounds {
        for (k, &path) in paths.iter().enumerate() {
            let Ok(pool) = &mut pooled[k] else { continue };
            match time_resize(resizer, spec, path, input, output, method, slice, (2, 100)) {
                Ok(samples) => pool.micros.extend(samples.micros),
                Err(e) => pooled[k] = Err(e),
            }
        }
    }
    pooled
}
