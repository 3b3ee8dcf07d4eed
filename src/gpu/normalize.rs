//! The pass that normalises a resize's output in place (`wgsl/normalize.wgsl`), for the
//! resizes whose last kernel cannot apply [`ResizeSpecBuilder::normalize`] as it stores.
//!
//! The tensor store of the texture-to-tensor route (`wgsl/dst_tensor.wgsl`) normalises as it
//! writes, at no cost beyond its arithmetic. Every other kernel (a dozen destinations, u8 lanes,
//! doubling and halving forms) would need the same change, so a resize between buffers runs
//! one more dispatch in its compute pass instead: a read and a write of the output. That is a
//! small part of a resize's traffic where the output is a model's input (224 x 224 x 3 f32 is
//! 0.6 MB), and not where the output is large: on an H200 it added 50 µs to a 45 µs 1080p x2
//! enlargement into 3 x 2160 x 3840 f32 planes, about the bytes' floor (BENCHMARKS.md tuning
//! log item 139). Fusing it into the buffer kernels' stores would save that.
//!
//! It is a pass of the prepared spec like the others ([`super::Prepared`]), so every route
//! that runs prepared passes (buffers, the staged texture route, video planes) has it; a crop
//! batch records it after its own dispatch (`crop_batch.rs`).
//!
//! [`ResizeSpecBuilder::normalize`]: crate::ResizeSpecBuilder::normalize

use std::collections::HashMap;
use std::sync::Mutex;

use super::params::{PassParams, dispatch_grid};
use super::shaders::NormalizeShader;
use super::{Resizer, check_grid, find_or_build, lock, scope};
use crate::error::ResizeError;
use crate::normalization::Normalization;
use crate::spec::{ElementType, Layout, ResizeSpec};

/// The normalising pipelines a resizer has built, by the form of the output's elements.
pub(super) type NormalizePipelines = Mutex<HashMap<NormalizeShader, wgpu::ComputePipeline>>;

/// The normalising pass of an output of `spec`'s shape: its pipeline, parameters and grid.
pub(super) struct NormalizePass {
    pub(super) pipeline: wgpu::ComputePipeline,
    pub(super) params: PassParams,
    pub(super) workgroups: (u32, u32, u32),
}

impl Resizer {
    /// The pass that normalises `spec`'s output by `normalization`: an invocation per four
    /// elements where the output holds a multiple of four, else per element (per pair of
    /// packed f16).
    pub(super) fn normalize_pass(
        &self,
        spec: &ResizeSpec,
        normalization: Normalization,
    ) -> Result<NormalizePass, ResizeError> {
        let elements = spec.output_len() as u32;
        // Four elements an invocation, one 16-byte (8-byte) load and store, where they fill the
        // output. H200, the dispatch's cost beside the same resize without it (f32 NCHW, 3
        // channels; tuning log item 139): 1080p x2, one element an invocation, +110 µs, four
        // +50 (its floor, 199 MB read and written, 47.6); the ML batch of 32 to 224², +18.8 and
        // +12.5 (floor 9.2).
        let quads = elements.is_multiple_of(4);
        let shader = match spec.element() {
            ElementType::F32 if quads => NormalizeShader::F32Quads,
            ElementType::F32 => NormalizeShader::F32,
            ElementType::F16 if self.native_f16 && quads => NormalizeShader::F16Quads,
            ElementType::F16 if self.native_f16 => NormalizeShader::F16,
            ElementType::F16 => NormalizeShader::F16Pairs,
            // `ResizeSpec` validation refuses it.
            ElementType::U8 => {
                return Err(ResizeError::Spec(crate::SpecError::Unsupported(
                    "normalisation of u8 elements".into(),
                )));
            }
        };
        let words = elements.div_ceil(shader.elements_per_word());
        let max_groups = self.device.limits().max_compute_workgroups_per_dimension;
        let ((x, y), row_stride) = dispatch_grid(words, max_groups);
        check_grid((x, y, 1), max_groups)?;
        let output = spec.output();
        let params = PassParams {
            out_h: output.height,
            out_w: output.width,
            channels: spec.channels(),
            total: elements,
            planar: (spec.layout() == Layout::Nchw) as u32,
            row_stride,
            ..bytemuck::Zeroable::zeroed()
        }
        .with_normalization(Some(normalization));
        Ok(NormalizePass {
            pipeline: self.normalize_pipeline(shader)?,
            params,
            workgroups: (x, y, 1),
        })
    }

    /// The pipeline of `shader`, on the resize kernels' layout (it binds the output at
    /// binding 3 and reads nothing at binding 2): cached.
    fn normalize_pipeline(
        &self,
        shader: NormalizeShader,
    ) -> Result<wgpu::ComputePipeline, ResizeError> {
        find_or_build(
            &self.building.pipelines,
            || lock(&self.normalize_pipelines).get(&shader).cloned(),
            || {
                let label = format!("wgpu-resize normalize {shader:?}");
                let pipeline = scope::capture(&self.device, || {
                    let module = self
                        .device
                        .create_shader_module(wgpu::ShaderModuleDescriptor {
                            label: Some(&label),
                            source: wgpu::ShaderSource::Wgsl(shader.source().into()),
                        });
                    self.device
                        .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                            label: Some(&label),
                            layout: Some(&self.pipeline_layout),
                            module: &module,
                            entry_point: Some("main"),
                            compilation_options: Default::default(),
                            cache: None,
                        })
                })?;
                lock(&self.normalize_pipelines).insert(shader, pipeline.clone());
                Ok(pipeline)
            },
        )
    }
}
