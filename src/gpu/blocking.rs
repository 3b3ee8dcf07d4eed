//! What the blocking conveniences ([`Resizer::resize`], [`Resizer::crop_and_resize`]) share:
//! checking a host slice against a spec, uploading it, and reading a result back.

use wgpu::util::DeviceExt;

use super::{Resizer, scope};
use crate::element::Element;
use crate::error::{ResizeError, SpecError};
use crate::readback;
use crate::spec::ResizeSpec;

impl Resizer {
    /// Checks that `input` holds `spec`'s element type and input length, then uploads it into
    /// a new storage buffer and makes an output buffer of `output_bytes` to read back from.
    pub(crate) fn upload_for<T: Element>(
        &self,
        spec: &ResizeSpec,
        input: &[T],
        output_bytes: u64,
    ) -> Result<(wgpu::Buffer, wgpu::Buffer), ResizeError> {
        check_host_input(spec, input)?;
        scope::capture(&self.device, || {
            let mut bytes = bytemuck::cast_slice::<T, u8>(input).to_vec();
            bytes.resize(spec.input_bytes() as usize, 0);
            let input_buffer = self
                .device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("wgpu-resize input"),
                    contents: &bytes,
                    usage: wgpu::BufferUsages::STORAGE,
                });
            let output_buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("wgpu-resize output"),
                size: output_bytes,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            (input_buffer, output_buffer)
        })
    }

    /// Submits `encoder`, waits, and reads the first `len` elements of `output` back.
    pub(crate) fn submit_and_read<T: Element>(
        &self,
        encoder: wgpu::CommandEncoder,
        output: &wgpu::Buffer,
        len: usize,
    ) -> Result<Vec<T>, ResizeError> {
        scope::capture(&self.device, || self.queue.submit([encoder.finish()]))?;
        let bytes = len as u64 * T::TYPE.size();
        let mut words: Vec<u8> = readback::read_buffer(
            &self.device,
            &self.queue,
            output,
            0..bytes.next_multiple_of(4),
        )?;
        words.truncate(bytes as usize);
        Ok(bytemuck::pod_collect_to_vec(&words))
    }
}

/// Whether `input` holds `spec`'s element type and exactly its input length.
pub(crate) fn check_host_input<T: Element>(
    spec: &ResizeSpec,
    input: &[T],
) -> Result<(), ResizeError> {
    if T::TYPE != spec.element() {
        return Err(SpecError::Unsupported(format!(
            "the spec's elements are {} but the host slice holds {}",
            spec.element().name(),
            T::TYPE.name()
        ))
        .into());
    }
    if input.len() != spec.input_len() {
        return Err(ResizeError::WrongLength {
            which: "input",
            expected: spec.input_len(),
            got: input.len(),
        });
    }
    Ok(())
}
