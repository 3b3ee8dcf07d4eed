//! Copies GPU buffers back to the host, and compares results with a reference.

use std::ops::Range;

use crate::error::ReadbackError;

/// Reads `range` (bytes, 4-byte aligned) of `buffer` as `T`s, blocking until the copy is done.
///
/// The buffer needs `COPY_SRC`. A staging buffer is created, the copy submitted, the device
/// polled until the map completes; map errors are returned, never unwrapped.
pub fn read_buffer<T: bytemuck::Pod>(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    range: Range<u64>,
) -> Result<Vec<T>, ReadbackError> {
    pollster::block_on(read_buffer_async(device, queue, buffer, range))
}

/// [`read_buffer`] as a future. It submits the copy, waits on the device for it (wgpu needs a
/// poll for the map callback to run), then awaits the map through a oneshot channel.
pub async fn read_buffer_async<T: bytemuck::Pod>(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    range: Range<u64>,
) -> Result<Vec<T>, ReadbackError> {
    let len = range.end.saturating_sub(range.start);
    if !range.start.is_multiple_of(4)
        || !len.is_multiple_of(4)
        || len == 0
        || range.end > buffer.size()
    {
        return Err(ReadbackError::BadRange {
            offset: range.start,
            end: range.end,
            size: buffer.size(),
        });
    }
    if !buffer.usage().contains(wgpu::BufferUsages::COPY_SRC) {
        return Err(ReadbackError::NotCopySource);
    }
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("wgpu-resize readback"),
        size: len,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("wgpu-resize readback"),
    });
    encoder.copy_buffer_to_buffer(buffer, range.start, &staging, 0, len);
    queue.submit([encoder.finish()]);

    let (sender, receiver) = futures_intrusive::channel::shared::oneshot_channel();
    staging.map_async(wgpu::MapMode::Read, .., move |result| {
        // The receiver may be gone if the caller dropped the future; nothing to report then.
        let _ = sender.send(result);
    });
    device.poll(wgpu::PollType::wait_indefinitely())?;
    receiver.receive().await.ok_or(ReadbackError::Dropped)??;
    let values = {
        let view = staging
            .get_mapped_range(..)
            .map_err(|e| ReadbackError::MapRange(e.to_string()))?;
        bytemuck::pod_collect_to_vec(&view)
    };
    staging.unmap();
    Ok(values)
}

/// How far a result is from its reference.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ErrorReport {
    /// Elements compared.
    pub len: usize,
    /// Largest absolute difference (infinite where one side is NaN and the other is not).
    pub max_abs: f64,
    /// Mean absolute difference over finite differences.
    pub mean_abs: f64,
    /// Index of the largest difference.
    pub worst_index: usize,
    /// The result's value there.
    pub worst_actual: f64,
    /// The reference's value there.
    pub worst_expected: f64,
    /// Elements where exactly one side is NaN.
    pub nan_mismatches: usize,
}

impl ErrorReport {
    /// Whether every element is within `tolerance` of the reference.
    pub fn within(&self, tolerance: f64) -> bool {
        self.max_abs <= tolerance
    }
}

impl std::fmt::Display for ErrorReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "max abs {:.3e} at {} (got {}, want {}), mean abs {:.3e} over {}",
            self.max_abs,
            self.worst_index,
            self.worst_actual,
            self.worst_expected,
            self.mean_abs,
            self.len
        )?;
        if self.nan_mismatches > 0 {
            write!(f, ", {} NaN mismatches", self.nan_mismatches)?;
        }
        Ok(())
    }
}

/// Compares a result with its reference element by element. Lengths must match; a length
/// mismatch is reported as an infinite error at the first missing index.
pub fn compare<A, B>(actual: &[A], expected: &[B]) -> ErrorReport
where
    A: Copy + Into<f64>,
    B: Copy + Into<f64>,
{
    let mut report = ErrorReport {
        len: actual.len().min(expected.len()),
        ..ErrorReport::default()
    };
    let mut sum = 0.0;
    let mut finite = 0usize;
    for (i, (&a, &e)) in actual.iter().zip(expected).enumerate() {
        let (a, e): (f64, f64) = (a.into(), e.into());
        let diff = match (a.is_nan(), e.is_nan()) {
            (true, true) => 0.0,
            (false, false) if a == e => 0.0,
            (false, false) => (a - e).abs(),
            _ => {
                report.nan_mismatches += 1;
                f64::INFINITY
            }
        };
        if diff.is_finite() {
            sum += diff;
            finite += 1;
        }
        if diff > report.max_abs || (i == 0 && diff == report.max_abs) {
            report.max_abs = diff;
            report.worst_index = i;
            report.worst_actual = a;
            report.worst_expected = e;
        }
    }
    if actual.len() != expected.len() {
        report.max_abs = f64::INFINITY;
        report.worst_index = report.len;
    }
    report.mean_abs = if finite > 0 { sum / finite as f64 } else { 0.0 };
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_finds_the_worst_element() {
        let r = compare(&[1.0f32, 2.0, 3.5], &[1.0f32, 2.0, 3.0]);
        assert_eq!(r.max_abs, 0.5);
        assert_eq!(r.worst_index, 2);
        assert!(!r.within(0.1));
        assert!(r.within(0.5));
    }

    #[test]
    fn nan_in_result_is_an_infinite_error() {
        let r = compare(&[f32::NAN, 1.0], &[0.0f32, 1.0]);
        assert!(r.max_abs.is_infinite());
        assert_eq!(r.nan_mismatches, 1);
    }

    #[test]
    fn length_mismatch_fails() {
        let r = compare(&[1.0f32], &[1.0f32, 2.0]);
        assert!(!r.within(1e9));
    }
}
