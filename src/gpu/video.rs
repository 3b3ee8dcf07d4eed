//! Planar video frames on the GPU: every plane of a frame recorded in one call.

use super::Resizer;
use crate::error::{ResizeError, SpecError};
use crate::plan::{Path, Plan};
use crate::video::VideoSpec;

impl Resizer {
    /// Records `video`'s resize of a frame: plane `i` of `input` into plane `i` of `output`
    /// (luma, then NV12's CbCr or I420's Cb and Cr), each a buffer as [`Resizer::encode`]
    /// takes, sized by [`VideoSpec::plane_specs`]. Returns each plane's plan. Nothing is
    /// submitted; where a plane fails its checks, nothing is recorded. All planes run in one
    /// compute pass.
    pub fn encode_video(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        video: &VideoSpec,
        input: &[&wgpu::Buffer],
        output: &[&wgpu::Buffer],
        path: Path,
    ) -> Result<Vec<Plan>, ResizeError> {
        let input: Vec<_> = input.iter().map(|buffer| buffer.slice(..)).collect();
        let output: Vec<_> = output.iter().map(|buffer| buffer.slice(..)).collect();
        self.encode_video_slices(encoder, video, &input, &output, path)
    }

    /// [`Resizer::encode_video`] with each plane a slice, as [`Resizer::encode_slices`] takes:
    /// so that a frame whose planes follow one another in one buffer (as decoders hand NV12
    /// and I420 frames over) is resized without copying its planes apart. Each plane's offset
    /// must be a multiple of the device's `min_storage_buffer_offset_alignment`; the input and
    /// output planes must lie in different buffers.
    pub fn encode_video_slices(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        video: &VideoSpec,
        input: &[wgpu::BufferSlice<'_>],
        output: &[wgpu::BufferSlice<'_>],
        path: Path,
    ) -> Result<Vec<Plan>, ResizeError> {
        let planes = video.format.planes();
        if input.len() != planes || output.len() != planes {
            return Err(SpecError::Unsupported(format!(
                "a {:?} frame has {planes} planes; got {} input and {} output buffers",
                video.format,
                input.len(),
                output.len()
            ))
            .into());
        }
        let specs = video.plane_specs()?;
        // Every plane checked and bound before any is recorded, so that a plane that fails
        // leaves the encoder as it was; then all planes' dispatches in one compute pass, which
        // costs less than a pass each (tuning log item 125).
        let ready = specs
            .iter()
            .zip(input.iter().zip(output))
            .map(|(spec, (&src, &dst))| self.ready(spec, src, dst, path))
            .collect::<Result<Vec<_>, _>>()?;
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("wgpu-resize video"),
            timestamp_writes: None,
        });
        for plane in &ready {
            plane.record_dispatches(&mut pass);
        }
        Ok(ready.into_iter().map(|plane| plane.plan).collect())
    }
}
