//! Textures in and out: every staged format against the CPU reference (storage, copy and
//! render writes, sRGB, BGRA, 1- and 2-channel, f16 and f32), copies bit for bit against the
//! buffer route, the Pillow outputs through the texture API, linear light on sRGB textures,
//! exact doublings between textures, mip levels, array layers and mip chains, no new objects
//! after warm-up, failed resizes that record nothing, and bad textures; textures into tensors
//! and tensors into textures.

mod common;

use std::path::Path as FsPath;

use common::{Rng, gpu};
use half::f16;
use wgpu::TextureFormat as F;
use wgpu_resize::gpu::single_image_texture;
use wgpu_resize::presets::{self, PillowFilter};
use wgpu_resize::{
    ElementType, Filter, Layout, NearestRule, Normalization, Path, ResizeError, ResizeSpec, Size2,
    TextureImage, gpu::TextureWrite, read_buffer, reference,
};

/// How a format's texels are stored.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Texel {
    U8,
    F16,
    F32,
}

fn texel_of(format: F) -> (Texel, bool) {
    match format {
        F::R8Unorm | F::Rg8Unorm | F::Rgba8Unorm | F::Rgba8UnormSrgb => (Texel::U8, false),
        F::Bgra8Unorm | F::Bgra8UnormSrgb => (Texel::U8, true),
        F::R16Float | F::Rg16Float | F::Rgba16Float => (Texel::F16, false),
        F::R32Float | F::Rg32Float | F::Rgba32Float => (Texel::F32, false),
        other => panic!("no test texels for {other:?}"),
    }
}

/// A texture of `format` holding `values` (RGBA order, the format's channels, as stored: bytes
/// for 8-bit formats, floats otherwise). It can be read back (`COPY_SRC`) and is written by a
/// copy (`COPY_DST`), except for render targets: a resize would write those by a copy too,
/// where it can, so they are filled by a render pass (`fill_texels`).
fn texture_with(
    gpu: &common::Gpu,
    format: F,
    size: Size2,
    usage: wgpu::TextureUsages,
    values: &[f32],
) -> wgpu::Texture {
    let copied = if usage.contains(wgpu::TextureUsages::RENDER_ATTACHMENT) {
        wgpu::TextureUsages::empty()
    } else {
        wgpu::TextureUsages::COPY_DST
    };
    let texture = single_image_texture(
        &gpu.context.device,
        "test texture",
        size,
        format,
        usage | wgpu::TextureUsages::COPY_SRC | copied,
    );
    fill_texels(gpu, &texture, values);
    texture
}

/// Writes `values` into `texture` by a copy, or, for a texture without `COPY_DST`, by a render
/// pass that clears it: then every value must be the same, and an sRGB texture stores its
/// encoding of that value (taken as a unorm byte), not the value itself.
fn fill_texels(gpu: &common::Gpu, texture: &wgpu::Texture, values: &[f32]) {
    if texture.usage().contains(wgpu::TextureUsages::COPY_DST) {
        return write_texels(gpu, texture, values);
    }
    let value = values[0];
    assert!(
        values.iter().all(|v| v.to_bits() == value.to_bits()),
        "a render target is filled with one value"
    );
    let value = match texel_of(texture.format()).0 {
        Texel::U8 => f64::from(value) / 255.0,
        _ => f64::from(value),
    };
    clear_image(gpu, &TextureImage::first(texture), value);
}

fn to_bytes(format: F, values: &[f32]) -> Vec<u8> {
    let (texel, bgra) = texel_of(format);
    let mut values = values.to_vec();
    if bgra {
        values.chunks_mut(4).for_each(|p| p.swap(0, 2));
    }
    match texel {
        Texel::U8 => values.iter().map(|&v| v as u8).collect(),
        Texel::F16 => values
            .iter()
            .flat_map(|&v| f16::from_f32(v).to_le_bytes())
            .collect(),
        Texel::F32 => bytemuck::cast_slice(&values).to_vec(),
    }
}

fn from_bytes(format: F, bytes: &[u8]) -> Vec<f32> {
    let (texel, bgra) = texel_of(format);
    let mut values: Vec<f32> = match texel {
        Texel::U8 => bytes.iter().map(|&b| b as f32).collect(),
        Texel::F16 => bytes
            .chunks(2)
            .map(|c| f16::from_le_bytes([c[0], c[1]]).to_f32())
            .collect(),
        Texel::F32 => bytemuck::pod_collect_to_vec(bytes),
    };
    if bgra {
        values.chunks_mut(4).for_each(|p| p.swap(0, 2));
    }
    values
}

fn write_texels(gpu: &common::Gpu, texture: &wgpu::Texture, values: &[f32]) {
    write_image(gpu, &TextureImage::first(texture), values);
}

/// Writes `values` into one mip level of one layer, as [`write_texels`] the first.
fn write_image(gpu: &common::Gpu, image: &TextureImage, values: &[f32]) {
    let format = image.texture.format();
    let bytes = to_bytes(format, values);
    let texel_bytes = format.block_copy_size(None).unwrap();
    let size = image.size();
    gpu.context.queue.write_texture(
        copy_location(image),
        &bytes,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(size.width * texel_bytes),
            rows_per_image: Some(size.height),
        },
        wgpu::Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: 1,
        },
    );
}

/// Where a copy to or from `image` starts.
fn copy_location(image: &TextureImage) -> wgpu::TexelCopyTextureInfo<'_> {
    wgpu::TexelCopyTextureInfo {
        texture: &image.texture,
        mip_level: image.mip_level,
        origin: wgpu::Origin3d {
            x: 0,
            y: 0,
            z: image.layer,
        },
        aspect: wgpu::TextureAspect::All,
    }
}

/// Every texel of `texture`, as [`texture_with`] takes them.
fn read_texels(gpu: &common::Gpu, texture: &wgpu::Texture) -> Vec<f32> {
    read_image(gpu, &TextureImage::first(texture))
}

/// Every texel of one mip level of one layer, as [`read_texels`] the first.
fn read_image(gpu: &common::Gpu, image: &TextureImage) -> Vec<f32> {
    let device = &gpu.context.device;
    let texture = &image.texture;
    let size = image.size();
    let texel_bytes = texture.format().block_copy_size(None).unwrap();
    let row = size.width * texel_bytes;
    let padded = row.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test texture readback"),
        size: (padded * size.height) as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        copy_location(image),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded),
                rows_per_image: Some(size.height),
            },
        },
        wgpu::Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: 1,
        },
    );
    gpu.context.queue.submit([encoder.finish()]);
    let bytes: Vec<u8> =
        read_buffer(device, &gpu.context.queue, &buffer, 0..buffer.size()).unwrap();
    let tight: Vec<u8> = bytes
        .chunks(padded as usize)
        .flat_map(|r| &r[..row as usize])
        .copied()
        .collect();
    from_bytes(texture.format(), &tight)
}

/// Poisons `target`, records the texture resize in a fresh encoder, submits, reads it back.
fn run(
    gpu: &common::Gpu,
    spec: &ResizeSpec,
    source: &wgpu::Texture,
    target: &wgpu::Texture,
) -> (Vec<f32>, TextureWrite) {
    run_on(gpu, spec, source, target, Path::Auto)
}

fn run_on(
    gpu: &common::Gpu,
    spec: &ResizeSpec,
    source: &wgpu::Texture,
    target: &wgpu::Texture,
    path: Path,
) -> (Vec<f32>, TextureWrite) {
    poison_texels(gpu, target);
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let (_, write) = gpu
        .resizer
        .encode_texture(&mut encoder, spec, source, target, path)
        .expect("encode_texture");
    gpu.context.queue.submit([encoder.finish()]);
    (read_texels(gpu, target), write)
}

/// Fills every texel of `target` with a value no resize below is expected to write everywhere:
/// 0xA5 = 165 in 8-bit targets, NaN in float ones.
fn poison_texels(gpu: &common::Gpu, target: &wgpu::Texture) {
    let texels = (target.width() * target.height() * target.format().components() as u32) as usize;
    let poison = match texel_of(target.format()).0 {
        Texel::U8 => 165.0,
        _ => f32::NAN,
    };
    fill_texels(gpu, target, &vec![poison; texels]);
}

/// Random texel values of a format: bytes for 8-bit formats, -1..1 otherwise.
fn random_texels(rng: &mut Rng, format: F, n: usize) -> Vec<f32> {
    match texel_of(format).0 {
        Texel::U8 => rng.u8s(n).into_iter().map(f32::from).collect(),
        Texel::F16 => rng
            .f32s(n)
            .into_iter()
            .map(|v| f16::from_f32(v).to_f32())
            .collect(),
        Texel::F32 => rng.f32s(n),
    }
}

/// The RGBA format whose texels hold what a tensor of `element` holds: for the random values of
/// a resize whose source is a buffer.
fn rgba_format_of(element: ElementType) -> F {
    match element {
        ElementType::U8 => F::Rgba8Unorm,
        ElementType::F16 => F::Rgba16Float,
        ElementType::F32 => F::Rgba32Float,
        other => panic!("no RGBA format holds {other:?} values"),
    }
}

/// The spec's element type in the staged tensor: bytes as u8, or values in 0..1 for float specs
/// on 8-bit formats.
fn staged(values: &[f32], format: F, element: ElementType) -> Vec<f32> {
    match (texel_of(format).0, element) {
        (Texel::U8, ElementType::F32 | ElementType::F16) => {
            values.iter().map(|v| v / 255.0).collect()
        }
        _ => values.to_vec(),
    }
}

/// The reference's output as the target stores it.
fn stored(values: &[f64], format: F, element: ElementType) -> Vec<f32> {
    values
        .iter()
        .map(|&v| match (texel_of(format).0, element) {
            (Texel::U8, ElementType::F32 | ElementType::F16) => {
                (v.clamp(0.0, 1.0) * 255.0).round() as f32
            }
            (Texel::U8, _) => v as f32,
            (Texel::F16, _) => f16::from_f64(v).to_f32(),
            (Texel::F32, _) => v as f32,
        })
        .collect()
}

fn reference_output(spec: &ResizeSpec, input: &[f32]) -> Vec<f64> {
    match spec.element() {
        ElementType::F16 => {
            let halves: Vec<f16> = input.iter().map(|&v| f16::from_f32(v)).collect();
            reference::resize(spec, &halves)
                .unwrap()
                .into_iter()
                .map(f64::from)
                .collect()
        }
        ElementType::U8 => {
            let bytes: Vec<u8> = input.iter().map(|&v| v as u8).collect();
            reference::resize(spec, &bytes)
                .unwrap()
                .into_iter()
                .map(f64::from)
                .collect()
        }
        _ => reference::resize(spec, input)
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
    }
}

fn worst(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| {
            if x.is_nan() || y.is_nan() {
                f32::INFINITY
            } else {
                (x - y).abs()
            }
        })
        .fold(0.0, f32::max)
}

/// Asserts that `got`, read back from a texture of the second format, is `spec`'s reference
/// resize of `values` (texels of the first format) within what the target's texels can hold:
/// u8 float rounding ties may land either side.
fn assert_texels_match_reference(
    spec: &ResizeSpec,
    values: &[f32],
    (source_format, target_format): (F, F),
    got: &[f32],
    what: &str,
) {
    let element = spec.element();
    let expected = stored(
        &reference_output(spec, &staged(values, source_format, element)),
        target_format,
        element,
    );
    let tolerance = match texel_of(target_format).0 {
        Texel::U8 => 1.0,
        Texel::F16 => 2e-3,
        Texel::F32 => 1e-5,
    };
    let error = worst(got, &expected);
    assert!(error <= tolerance, "{what}: worst error {error}");
}

#[test]
fn every_format_matches_the_cpu_reference() {
    let Some(gpu) = gpu("every_format_matches_the_cpu_reference") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let storage = U::TEXTURE_BINDING | U::STORAGE_BINDING;
    let render = U::TEXTURE_BINDING | U::RENDER_ATTACHMENT;
    // `texture_with` gives every target but render targets `COPY_DST`.
    let copy = U::TEXTURE_BINDING;
    let cases = [
        (
            F::Rgba8Unorm,
            F::Rgba8Unorm,
            ElementType::U8,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Rgba8Unorm,
            F::Rgba8Unorm,
            ElementType::U8,
            render,
            TextureWrite::Render,
        ),
        (
            F::Bgra8Unorm,
            F::Bgra8Unorm,
            ElementType::U8,
            render,
            TextureWrite::Render,
        ),
        (
            F::Rgba8UnormSrgb,
            F::Rgba8UnormSrgb,
            ElementType::U8,
            render,
            TextureWrite::Render,
        ),
        (
            F::Bgra8UnormSrgb,
            F::Rgba8Unorm,
            ElementType::F32,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Rgba16Float,
            F::Rgba16Float,
            ElementType::F32,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Rgba32Float,
            F::Rgba32Float,
            ElementType::F32,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Rgba8Unorm,
            F::Rgba16Float,
            ElementType::F32,
            render,
            TextureWrite::Render,
        ),
        (
            F::R8Unorm,
            F::R8Unorm,
            ElementType::U8,
            render,
            TextureWrite::Render,
        ),
        (
            F::Rg8Unorm,
            F::Rg8Unorm,
            ElementType::U8,
            render,
            TextureWrite::Render,
        ),
        (
            F::R16Float,
            F::R16Float,
            ElementType::F32,
            render,
            TextureWrite::Render,
        ),
        (
            F::R32Float,
            F::R32Float,
            ElementType::F32,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Rgba8UnormSrgb,
            F::Rgba8UnormSrgb,
            ElementType::U8,
            copy,
            TextureWrite::Copy,
        ),
        (
            F::R8Unorm,
            F::R8Unorm,
            ElementType::U8,
            copy,
            TextureWrite::Copy,
        ),
        (
            F::Rg16Float,
            F::Rg32Float,
            ElementType::F32,
            copy,
            TextureWrite::Copy,
        ),
        (
            F::Rgba32Float,
            F::Rgba32Float,
            ElementType::F32,
            copy,
            TextureWrite::Copy,
        ),
        // sRGB sources into float targets, which keep what an 8-bit target would round away:
        // the stored colour exactly, read by the kernel itself and through the staging copy.
        (
            F::Rgba8UnormSrgb,
            F::Rgba32Float,
            ElementType::F32,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Bgra8UnormSrgb,
            F::Rgba32Float,
            ElementType::F32,
            copy,
            TextureWrite::Copy,
        ),
        // Not the staged tensor's bytes: RGBA order, and f32 staged for f16 texels.
        (
            F::Bgra8Unorm,
            F::Bgra8Unorm,
            ElementType::U8,
            copy | render,
            TextureWrite::Render,
        ),
        (
            F::Rgba16Float,
            F::Rgba16Float,
            ElementType::F32,
            copy | render,
            TextureWrite::Render,
        ),
    ];
    let filters = [
        (Filter::Linear, false),
        (Filter::Cubic { a: -0.5 }, true),
        (Filter::Lanczos { lobes: 3 }, false),
    ];
    for (i, &(source_format, target_format, element, target_usage, expected_write)) in
        cases.iter().enumerate()
    {
        let mut rng = Rng::new(500 + i as u64);
        let input = Size2::new(rng.range(5, 19), rng.range(5, 19));
        let output = Size2::new(rng.range(3, 23), rng.range(3, 23));
        let channels = source_format.components() as u32;
        let (filter, antialias) = filters[i % filters.len()];
        let spec = ResizeSpec::builder(input, output)
            .channels(channels)
            .element(element)
            .filter(filter)
            .antialias(antialias)
            .build()
            .unwrap();
        let values = random_texels(&mut rng, source_format, spec.input_len());
        let source = texture_with(
            gpu,
            source_format,
            input,
            wgpu::TextureUsages::TEXTURE_BINDING,
            &values,
        );
        let target = texture_with(
            gpu,
            target_format,
            output,
            target_usage,
            &vec![0.0; spec.output_len()],
        );
        let (got, write) = run(gpu, &spec, &source, &target);
        assert_eq!(write, expected_write, "case {i}");
        let what = format!(
            "case {i} {source_format:?} -> {target_format:?} {element:?} {write:?} \
             {input:?}->{output:?}"
        );
        assert_texels_match_reference(&spec, &values, (source_format, target_format), &got, &what);
    }
}

/// Bilinear halving and doubling of RGBA textures, whose tables the computed taps reproduce
/// (`wgsl/gather_computed.wgsl`): u8 through storage and render writes, plain and sRGB, and
/// f32 through float textures, against the reference.
#[test]
fn computed_taps_read_and_write_textures() {
    let Some(gpu) = gpu("computed_taps_read_and_write_textures") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let storage = U::TEXTURE_BINDING | U::STORAGE_BINDING;
    let render = U::TEXTURE_BINDING | U::RENDER_ATTACHMENT;
    let cases = [
        (
            F::Rgba8Unorm,
            ElementType::U8,
            storage,
            TextureWrite::Storage,
        ),
        (
            F::Rgba8UnormSrgb,
            ElementType::U8,
            render,
            TextureWrite::Render,
        ),
        (
            F::Rgba16Float,
            ElementType::F32,
            storage,
            TextureWrite::Storage,
        ),
    ];
    for (i, &(format, element, usage, expected_write)) in cases.iter().enumerate() {
        for (input, output) in [
            (Size2::new(18, 26), Size2::new(9, 13)),
            (Size2::new(9, 13), Size2::new(18, 26)),
        ] {
            let spec = ResizeSpec::builder(input, output)
                .channels(4)
                .element(element)
                .build()
                .unwrap();
            let mut rng = Rng::new(900 + i as u64);
            let values = random_texels(&mut rng, format, spec.input_len());
            let source = texture_with(gpu, format, input, U::TEXTURE_BINDING, &values);
            let target = texture_with(gpu, format, output, usage, &vec![0.0; spec.output_len()]);
            let (got, write) = run(gpu, &spec, &source, &target);
            assert_eq!(write, expected_write, "case {i}");
            let what = format!("case {i} {format:?} {input:?} -> {output:?}");
            assert_texels_match_reference(&spec, &values, (format, format), &got, &what);
        }
    }
}

/// Exact doublings from RGBA textures (src/gpu/doubling.rs, `wgsl/doubling_texture.wgsl`,
/// `wgsl/f16_pairs.wgsl`): u8 specs from `rgba8unorm` and sRGB textures into `rgba8unorm`, f16
/// specs from `rgba16float` into a buffer, plain and normalised; u8 specs from those textures
/// into an RGBA buffer, which the buffer kernel in lanes runs from a staged copy of the texels
/// (src/gpu/texture_tensor.rs); and the same doublings from buffers into textures, which the
/// vector gather runs. Half-pixel bilinear, PyTorch's nearest rules and the asymmetric mapping,
/// random sizes to 160 rows and columns, into poisoned targets: u8 gives the reference's bytes
/// exactly (integer texels times dyadic weights sum exactly in f32), f16 the reference rounded
/// to f16 within a step.
#[test]
fn doublings_with_texture_ends_match_the_reference() {
    use wgpu_resize::{AxisResample, CoordinateMapping, NearestRule};
    let Some(gpu) = gpu("doublings_with_texture_ends_match_the_reference") else {
        return;
    };
    let axis = |rule: u64| match rule {
        0 => AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchLegacy)),
        1 => AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchExact)),
        2 => AxisResample::default().with_mapping(CoordinateMapping::Asymmetric),
        _ => AxisResample::default(),
    };
    // (element, source texture format or a buffer, target texture format or a buffer,
    // normalisation).
    let (u8, half) = (ElementType::U8, ElementType::F16);
    let rgba = Normalization::new(&[0.25, 0.5, -0.75, 0.5], &[1.0, 0.8, 2.0, -1.0]).unwrap();
    let ends = [
        (u8, Some(F::Rgba8Unorm), Some(F::Rgba8Unorm), None),
        (u8, Some(F::Rgba8UnormSrgb), Some(F::Rgba8Unorm), None),
        (u8, None, Some(F::Rgba8Unorm), None),
        (u8, Some(F::Rgba8Unorm), None, None),
        (u8, Some(F::Rgba8UnormSrgb), None, None),
        (half, None, Some(F::Rgba16Float), None),
        (half, Some(F::Rgba16Float), None, None),
        (half, Some(F::Rgba16Float), None, Some(rgba)),
    ];
    let mut rng = Rng::new(0x7e_d0b1e);
    for k in 0..8u64 {
        // Past 64 columns and 128 rows: more than one workgroup along a row, and down a column
        // in the f16 texture source's workgroups of 4 x 64 invocations of 2 rows.
        let input = Size2::new(rng.range(3, 160), rng.range(3, 160));
        let output = Size2::new(2 * input.height, 2 * input.width);
        // Bilinear along both axes in half the cases, else a rule per axis.
        let (y, x) = if k % 2 == 0 {
            (axis(3), axis(3))
        } else {
            (axis(k % 3), axis((k / 2) % 4))
        };
        for &(element, source_format, target_format, normalization) in &ends {
            let spec = ResizeSpec::builder(input, output)
                .y_axis(y)
                .x_axis(x)
                .channels(4)
                .element(element)
                .normalize(normalization)
                .build()
                .unwrap();
            let what = format!(
                "case {k} {element:?} {source_format:?} -> {target_format:?} {input:?} {y:?} \
                 {x:?} normalised {}",
                normalization.is_some()
            );
            // The tensor's values: bytes, or f16 values in -1..1.
            let texel_format = source_format.unwrap_or(rgba_format_of(element));
            let values = random_texels(&mut rng, texel_format, spec.input_len());
            let (got, expected) = run_between_ends(
                gpu,
                &spec,
                &values,
                (source_format, target_format),
                (Path::Gather, k % 2 == 1),
            );
            let tolerance = match (element, normalization) {
                (ElementType::U8, _) => 0.0,
                // One f16 step of values below 1.
                (_, None) => 1.0 / 2048.0,
                // Of normalised values below 2 (here (-1 - 0.5) / 0.8 at most).
                (_, Some(_)) => 2.0 / 2048.0,
            };
            let error = worst(&got, &expected);
            assert!(error <= tolerance, "{what}: worst error {error}");
        }
    }
}

/// A texture-to-tensor resize on a resizer of its own: `values` written into a texture of
/// `format`, resized by `spec` on `path` (in a pass of its own, or in the caller's) into a
/// poisoned slice of a fresh buffer. Returns the tensor's elements, the resizer's counts after
/// it, and the reference of the same texels, rounded to f16 where the tensor is f16.
fn resize_frame_alone(
    gpu: &common::Gpu,
    (spec, path): (&ResizeSpec, Path),
    format: F,
    values: &[f32],
    in_callers_pass: bool,
) -> (Vec<f32>, wgpu_resize::ResizerStats, Vec<f32>) {
    let device = &gpu.context.device;
    let usage = wgpu::TextureUsages::TEXTURE_BINDING;
    let source = texture_with(gpu, format, spec.input(), usage, values);
    let offset = u64::from(device.limits().min_storage_buffer_offset_alignment);
    let buffer = tensor_buffer(device, offset + spec.output_bytes() + 256);
    let resizer = wgpu_resize::Resizer::new(device, &gpu.context.queue).unwrap();
    let (got, ran) = run_texture_to_tensor(
        gpu,
        &resizer,
        (spec, path),
        &source,
        (&buffer, offset, 0x5A),
        in_callers_pass,
    )
    .expect("encode_texture_to_buffer");
    assert_eq!(ran, path);
    let expected = reference_output(spec, &tensor_of_texels(values, format, spec));
    let expected = stored(&expected, F::Rgba32Float, spec.element());
    let expected = match spec.element() {
        ElementType::F16 => expected
            .iter()
            .map(|&v| f16::from_f32(v).to_f32())
            .collect(),
        _ => expected,
    };
    (got, resizer.stats(), expected)
}

/// A u8 RGBA doubling from a texture into a tensor runs from a staged copy of the texels
/// (src/gpu/texture_tensor.rs, `doubles_from_staging`): the staging takes a scratch buffer,
/// which a resize the kernels read from the texture does not. Random sizes, bilinear and a
/// nearest rule, `rgba8unorm` and sRGB sources, PyTorch's 8-bit fixed point (bilinear,
/// antialiased or not), in a pass of its own and in the caller's, into poisoned tensors, and
/// one frame of over a million pixels: u8 doublings staged, with the
/// reference's bytes exactly; u8 at other scales (within one) and f16 doublings (within an f16
/// step) read by the kernels. Each case on a resizer of its own, which prepares the kernels of
/// the route it runs and no others.
#[test]
fn u8_doublings_into_tensors_run_from_a_staged_copy() {
    use wgpu_resize::{AxisResample, NearestRule};
    let Some(gpu) = gpu("u8_doublings_into_tensors_run_from_a_staged_copy") else {
        return;
    };
    let nearest = AxisResample::default().with_filter(Filter::Nearest(NearestRule::TorchExact));
    let mut rng = Rng::new(0x57a9_ed02);
    for k in 0..7u64 {
        // The last a frame of over a million pixels, which the unpack reads two pixels an
        // invocation, and not a whole number of its workgroups' runs of 512.
        let input = match k {
            6 => Size2::new(1031, 1019),
            _ => Size2::new(rng.range(3, 90), rng.range(3, 90)),
        };
        let doubled = Size2::new(2 * input.height, 2 * input.width);
        let other = Size2::new(3 * input.height / 2, 3 * input.width / 2 + 1);
        // (element, source format, output, staged, in PyTorch's 8-bit fixed point)
        let cases = [
            (ElementType::U8, F::Rgba8Unorm, doubled, true, false),
            (ElementType::U8, F::Rgba8UnormSrgb, doubled, true, false),
            (ElementType::U8, F::Rgba8Unorm, other, false, false),
            (ElementType::F16, F::Rgba16Float, doubled, false, false),
            (ElementType::U8, F::Rgba8Unorm, doubled, true, true),
        ];
        let cases = if k == 6 { &cases[..1] } else { &cases[..] };
        for &(element, format, output, staged_copy, torch) in cases {
            let axis = if k % 3 == 2 {
                nearest
            } else {
                AxisResample::default()
            };
            let builder = if torch {
                let output = wgpu_resize::presets::TorchOutput::Size(output);
                let mode = wgpu_resize::presets::TorchMode::Bilinear;
                wgpu_resize::presets::torch(input, output, mode, false, k % 2 == 0).unwrap()
            } else {
                ResizeSpec::builder(input, output).y_axis(axis).x_axis(axis)
            };
            let spec = builder.channels(4).element(element).build().unwrap();
            assert_eq!(spec.fixed_point(), torch);
            let what = format!("case {k} {element:?} {format:?} {input:?} -> {output:?}");
            let values = random_texels(&mut rng, format, spec.input_len());
            let (got, stats, expected) =
                resize_frame_alone(gpu, (&spec, Path::Gather), format, &values, k % 2 == 1);
            assert_eq!(stats.scratch_buffers > 0, staged_copy, "{what}: staged");
            // The route's kernels prepared, and the staging's parameters where staged: no
            // buffer kernels looked at and left.
            let prepared = 1 + usize::from(staged_copy);
            assert_eq!(stats.prepared_specs, prepared, "{what}: {stats:?}");
            let tolerance = match element {
                // Dyadic weights sum exactly; others in f32 may round a tie the other way.
                ElementType::U8 if output == doubled => 0.0,
                ElementType::U8 => 1.0,
                // One f16 step of values below 1.
                _ => 1.0 / 2048.0,
            };
            let error = worst(&got, &expected);
            assert!(error <= tolerance, "{what}: worst error {error}");
        }
    }
}

/// A frame shrunk into RGB planes on the separable path, whose horizontal pass has bands too
/// wide for the vector gather alone (24 taps or more, where buffers take the split gather):
/// the kernels read the texture and store the planes themselves, so the only scratch buffer is
/// the separable intermediate (src/gpu/launch.rs, `split_lanes`); a staged frame would take a
/// second. f32 and (where the device has `shader-f16`) f16 planes, NCHW and NHWC, random
/// sizes, PyTorch's antialiased bilinear, against the reference into poisoned tensors.
#[test]
fn wide_shrinks_into_tensor_planes_read_the_frame_themselves() {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    let Some(gpu) = gpu("wide_shrinks_into_tensor_planes_read_the_frame_themselves") else {
        return;
    };
    let device = &gpu.context.device;
    let f16_planes = device.features().contains(wgpu::Features::SHADER_F16);
    let mut rng = Rng::new(0x00f7_a3e5);
    for k in 0..4u64 {
        // Horizontal shrinks of 16 to 40 (bands of 32 taps or more), vertical of 4 to 8.
        let output = Size2::new(rng.range(3, 9), rng.range(4, 12));
        let input = Size2::new(
            output.height * rng.range(4, 9),
            output.width * rng.range(16, 41),
        );
        let layout = [Layout::Nchw, Layout::Nhwc][k as usize % 2];
        let element = if k >= 2 && f16_planes {
            ElementType::F16
        } else {
            ElementType::F32
        };
        let spec = presets::torch(
            input,
            TorchOutput::Size(output),
            TorchMode::Bilinear,
            false,
            true,
        )
        .unwrap()
        .channels(3)
        .layout(layout)
        .element(element)
        .build()
        .unwrap();
        let what = format!("case {k} {element:?} {layout:?} {input:?} -> {output:?}");
        let values = random_texels(
            &mut rng,
            F::Rgba8Unorm,
            input.height as usize * input.width as usize * 4,
        );
        let (got, stats, expected) = resize_frame_alone(
            gpu,
            (&spec, Path::Separable),
            F::Rgba8Unorm,
            &values,
            k % 2 == 1,
        );
        assert_eq!(stats.scratch_buffers, 1, "{what}: {stats:?}");
        let tolerance = match element {
            // One f16 step of values below 1.
            ElementType::F16 => 1.0 / 2048.0,
            _ => 1e-5,
        };
        let error = worst(&got, &expected);
        assert!(error <= tolerance, "{what}: worst error {error}");
    }
}

/// The vector gather at a texture end runs in workgroups shaped for the texture
/// (src/gpu/texture_groups.rs): 8 x 32 into 8- and 16-byte texels, with fewer rows an
/// invocation from a buffer, and 4 x 64 for shrinks from a texture. Outputs taller and wider
/// than two of those workgroups (so that a grid sized for the buffers' rows per invocation, or
/// for their 64 x 4, leaves texels or elements unwritten), bilinear at ratios whose taps are
/// computed and bicubic and lanczos3 at ratios whose taps are read, random sizes: tensors into
/// `rgba32float` and `rgba16float` storage targets, textures of 4, 8 and 16-byte texels into
/// tensors, and texture to texture, against the reference into poisoned targets.
#[test]
fn shaped_texture_workgroups_cover_their_outputs() {
    let Some(gpu) = gpu("shaped_texture_workgroups_cover_their_outputs") else {
        return;
    };
    let (f32s, half, u8) = (ElementType::F32, ElementType::F16, ElementType::U8);
    // (element, source texture format or a buffer, target texture format or a buffer).
    let ends = [
        (f32s, None, Some(F::Rgba32Float)),
        (half, None, Some(F::Rgba16Float)),
        (f32s, None, Some(F::Rgba16Float)),
        (f32s, Some(F::Rgba32Float), None),
        (half, Some(F::Rgba16Float), None),
        (u8, Some(F::Rgba8Unorm), None),
        (f32s, Some(F::Rgba16Float), Some(F::Rgba32Float)),
        (f32s, Some(F::Rgba32Float), Some(F::Rgba8Unorm)),
        (f32s, Some(F::Rgba8Unorm), Some(F::Rgba16Float)),
    ];
    let filters = [
        Filter::Linear,
        Filter::Cubic { a: -0.75 },
        Filter::Lanczos { lobes: 3 },
    ];
    let mut rng = Rng::new(0x9_20e5);
    for k in 0..6u64 {
        // Enlargements (several rows an invocation before shaping) and shrinks, in turn:
        // outputs of 66 to 140 rows and 9 to 20 columns.
        let output = Size2::new(rng.range(66, 140), rng.range(9, 20));
        let input = if k % 2 == 0 {
            Size2::new(output.height / 2 - rng.range(0, 9), rng.range(4, 9))
        } else {
            Size2::new(2 * output.height + rng.range(0, 9), rng.range(20, 40))
        };
        let filter = filters[(k / 2) as usize % filters.len()];
        for &(element, source_format, target_format) in &ends {
            let spec = ResizeSpec::builder(input, output)
                .channels(4)
                .element(element)
                .filter(filter)
                .build()
                .unwrap();
            let what = format!(
                "case {k} {element:?} {source_format:?} -> {target_format:?} {input:?} -> \
                 {output:?} {filter:?}"
            );
            let texel_format = source_format.unwrap_or(rgba_format_of(element));
            let values = random_texels(&mut rng, texel_format, spec.input_len());
            let (got, expected) = run_between_ends(
                gpu,
                &spec,
                &values,
                (source_format, target_format),
                (Path::Gather, k % 3 == 1),
            );
            // What the element or the target's texels hold: u8 ties may land either side, f16
            // rounds once.
            let tolerance = match (element, target_format.map(|format| texel_of(format).0)) {
                (ElementType::U8, _) | (_, Some(Texel::U8)) => 1.0,
                (ElementType::F16, _) | (_, Some(Texel::F16)) => 2e-3,
                _ => 1e-5,
            };
            let error = worst(&got, &expected);
            assert!(error <= tolerance, "{what}: worst error {error}");
        }
    }
}

/// u8 tensors into 8-bit RGBA storage textures whose tables are dyadic sum in the integer lanes
/// that u8 buffers take (`wgsl/lanes_u8_texture_store.wgsl`): bilinear enlargements by 2 and 4,
/// shrinks by 2 and 4 (plain and antialiased), nearest x3 and the asymmetric mapping, random
/// sizes, into poisoned targets on the gather path and `auto`; the texels are the reference's
/// bytes exactly.
#[test]
fn integer_lanes_write_8_bit_textures() {
    use wgpu_resize::{CoordinateMapping, NearestRule};
    let Some(gpu) = gpu("integer_lanes_write_8_bit_textures") else {
        return;
    };
    let mut rng = Rng::new(0x1a_4e5);
    for k in 0..12u64 {
        let (filter, mapping, antialias, scale) = match k % 6 {
            0 => (Filter::Linear, CoordinateMapping::HalfPixel, false, 2.0),
            1 => (Filter::Linear, CoordinateMapping::HalfPixel, false, 4.0),
            2 => (Filter::Linear, CoordinateMapping::HalfPixel, false, 0.5),
            3 => (Filter::Linear, CoordinateMapping::HalfPixel, true, 0.25),
            4 => (
                Filter::Nearest(NearestRule::TorchLegacy),
                CoordinateMapping::HalfPixel,
                false,
                3.0,
            ),
            _ => (Filter::Linear, CoordinateMapping::Asymmetric, false, 2.0),
        };
        // Shrinks from inputs of whole multiples of their factor.
        let input = if scale < 1.0 {
            let f = (1.0 / scale) as u32;
            Size2::new(f * rng.range(3, 30), f * rng.range(3, 30))
        } else {
            Size2::new(rng.range(3, 30), rng.range(3, 30))
        };
        let output = Size2::new(
            (input.height as f64 * scale) as u32,
            (input.width as f64 * scale) as u32,
        );
        let spec = ResizeSpec::builder(input, output)
            .channels(4)
            .element(ElementType::U8)
            .filter(filter)
            .mapping(mapping)
            .antialias(antialias)
            .build()
            .unwrap();
        let values = random_texels(&mut rng, F::Rgba8Unorm, spec.input_len());
        let path = if k < 6 { Path::Gather } else { Path::Auto };
        let (got, expected) = run_between_ends(
            gpu,
            &spec,
            &values,
            (None, Some(F::Rgba8Unorm)),
            (path, false),
        );
        let what = format!("case {k} {filter:?} {mapping:?} {input:?} -> {output:?} {path}");
        assert_eq!(worst(&got, &expected), 0.0, "{what}");
    }
}

/// RGBA sources are read by the kernels themselves on every path (the others are staged):
/// each path against the reference, u8 and f32, plain and sRGB; resizing both axes, and each
/// alone (the separable path's single pass between textures).
#[test]
fn every_path_reads_rgba_textures() {
    let Some(gpu) = gpu("every_path_reads_rgba_textures") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let mut rng = Rng::new(77);
    for (format, element) in [
        (F::Rgba8Unorm, ElementType::U8),
        (F::Rgba8UnormSrgb, ElementType::U8),
        (F::Rgba32Float, ElementType::F32),
    ] {
        let input = Size2::new(13, 21);
        let outputs = [Size2::new(9, 30), Size2::new(13, 30), Size2::new(9, 21)];
        for (path, output) in [Path::Gather, Path::Separable, Path::Fused]
            .into_iter()
            .flat_map(|path| outputs.map(|output| (path, output)))
        {
            let spec = ResizeSpec::builder(input, output)
                .channels(4)
                .element(element)
                .filter(Filter::Cubic { a: -0.5 })
                .build()
                .unwrap();
            let values = random_texels(&mut rng, format, spec.input_len());
            let source = texture_with(gpu, format, input, U::TEXTURE_BINDING, &values);
            let target_format = if format == F::Rgba8UnormSrgb {
                F::Rgba8Unorm
            } else {
                format
            };
            let target = texture_with(
                gpu,
                target_format,
                output,
                U::STORAGE_BINDING,
                &vec![0.0; spec.output_len()],
            );
            let (got, _) = run_on(gpu, &spec, &source, &target, path);
            let expected = stored(
                &reference_output(&spec, &staged(&values, format, element)),
                target_format,
                element,
            );
            let tolerance = if element == ElementType::U8 {
                1.0
            } else {
                1e-5
            };
            let error = worst(&got, &expected);
            assert!(
                error <= tolerance,
                "{format:?} {path} {output:?}: worst error {error}"
            );
        }
    }
}

/// A video frame letterboxed into a detector's input as the texture route makes it: an RGBA8
/// frame into RGB planes (NCHW f32) and RGB pixels (NHWC), normalised once, its bands the
/// ImageNet mean colour (planes) or the grey 114/255 (pixels), normalised as the image is; each
/// path that takes it, into poisoned tensors.
#[test]
fn frames_letterbox_into_model_inputs() {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    use wgpu_resize::{Normalization, Padding};
    let Some(gpu) = gpu("frames_letterbox_into_model_inputs") else {
        return;
    };
    let mut rng = Rng::new(640);
    let frame = Size2::new(27, 48);
    let (image, bands) = Padding::letterbox(frame, Size2::new(32, 32), true);
    assert_eq!(bands, Padding::new(7, 0, 7, 0));
    for (k, layout) in [Layout::Nchw, Layout::Nhwc].into_iter().enumerate() {
        let spec = presets::torch(
            frame,
            TorchOutput::Size(image),
            TorchMode::Bilinear,
            false,
            false,
        )
        .unwrap()
        .padding(bands);
        let spec = if k == 0 {
            spec.extrapolation_values(&[0.485, 0.456, 0.406])
        } else {
            spec.extrapolation_value(114.0 / 255.0)
        }
        .channels(3)
        .layout(layout)
        .normalize((k == 0).then_some(Normalization::IMAGENET))
        .build()
        .unwrap();
        let values = random_texels(&mut rng, F::Rgba8Unorm, frame.height as usize * 48 * 4);
        for path in [Path::Gather, Path::Separable, Path::Fused] {
            if gpu.resizer.availability(&spec, path).is_err() {
                continue;
            }
            let (got, _, expected) =
                resize_frame_alone(gpu, (&spec, path), F::Rgba8Unorm, &values, k == 1);
            let error = worst(&got, &expected);
            assert!(error <= 1e-5, "{layout:?} {path}: worst error {error}");
        }
    }
}

/// A padded output (a letterbox) written into a texture: into storage targets, u8 and f32, and
/// 8-bit render targets, on each path that takes it, against the reference, the bands' colour
/// included.
#[test]
fn padded_outputs_reach_textures() {
    let Some(gpu) = gpu("padded_outputs_reach_textures") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let mut rng = Rng::new(114);
    let input = Size2::new(15, 26);
    for (format, element, fill) in [
        (F::Rgba8Unorm, ElementType::U8, [114.0, 0.0, 255.0, 7.0]),
        (F::Rgba32Float, ElementType::F32, [0.25, -1.0, 0.5, 1.0]),
    ] {
        let spec = presets::opencv_letterbox(
            input,
            Size2::new(16, 16),
            presets::OpenCvInterpolation::Cubic,
            true,
            0.0,
        )
        .extrapolation_values(&fill)
        .channels(4)
        .element(element)
        .build()
        .unwrap();
        assert!(!spec.padding().is_none());
        let values = random_texels(&mut rng, format, spec.input_len());
        let source = texture_with(gpu, format, input, U::TEXTURE_BINDING, &values);
        // (wgpu's GL backend renders into no 32-bit float texture: 8-bit render targets only.)
        let targets: &[U] = match element {
            ElementType::U8 => &[U::STORAGE_BINDING, U::RENDER_ATTACHMENT],
            _ => &[U::STORAGE_BINDING],
        };
        for &usage in targets {
            let zeros = vec![0.0; spec.output_len()];
            let target = texture_with(gpu, format, spec.output(), usage, &zeros);
            for path in [Path::Gather, Path::Separable, Path::Fused] {
                if gpu.resizer.availability(&spec, path).is_err() {
                    continue;
                }
                let (got, _) = run_on(gpu, &spec, &source, &target, path);
                let what = format!("{format:?} {usage:?} {path}");
                assert_texels_match_reference(&spec, &values, (format, format), &got, &what);
                // The first row is all band (texels read back as bytes or as floats).
                let band = &got[..(spec.output().width * 4) as usize];
                assert!(band.chunks(4).all(|t| t == fill), "{what}: {band:?}");
            }
        }
    }
}

fn data() -> std::path::PathBuf {
    FsPath::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/images")
}

#[test]
fn pillow_outputs_through_the_texture_api() {
    let Some(gpu) = gpu("pillow_outputs_through_the_texture_api") else {
        return;
    };
    let cases: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data().join("cases.json")).unwrap()).unwrap();
    use wgpu::TextureUsages as U;
    // Render-pass and copy targets (the sRGB ones staged), and a storage target the kernels
    // write.
    for (format, target_usage) in [
        (F::Rgba8Unorm, U::RENDER_ATTACHMENT),
        (F::Rgba8UnormSrgb, U::RENDER_ATTACHMENT),
        (F::Rgba8UnormSrgb, U::COPY_DST),
        (F::Rgba8Unorm, U::STORAGE_BINDING),
    ] {
        for case in cases["cases"].as_array().unwrap() {
            let input_image = image::open(data().join(case["input"].as_str().unwrap())).unwrap();
            let want = image::open(data().join(case["output"].as_str().unwrap())).unwrap();
            let rgba_input = input_image.color().has_alpha();
            let source_pixels = input_image.to_rgba8();
            let (w, h) = source_pixels.dimensions();
            let out = Size2::new(want.height(), want.width());
            let filter = match case["filter"].as_str().unwrap() {
                "lanczos3" => PillowFilter::Lanczos,
                "bicubic" => PillowFilter::Bicubic,
                "bilinear" => PillowFilter::Bilinear,
                other => panic!("filter {other}"),
            };
            let spec = presets::pillow(Size2::new(h, w), out, filter)
                .channels(4)
                .element(ElementType::U8)
                .premultiplied_alpha(rgba_input)
                .build()
                .unwrap();
            let values: Vec<f32> = source_pixels.as_raw().iter().map(|&b| b as f32).collect();
            let source = texture_with(gpu, format, Size2::new(h, w), U::TEXTURE_BINDING, &values);
            let target = texture_with(
                gpu,
                format,
                out,
                target_usage | U::TEXTURE_BINDING,
                &vec![0.0; spec.output_len()],
            );
            let (got, _) = run(gpu, &spec, &source, &target);
            let want = want.to_rgba8();
            let want: Vec<f32> = want.as_raw().iter().map(|&b| b as f32).collect();
            let error = worst(&got, &want);
            assert!(
                error <= 1.0,
                "{format:?} {target_usage:?} {}: differs from Pillow by {error}",
                case["call"]
            );
            eprintln!(
                "{format:?} {target_usage:?} {}: worst difference from Pillow {error}",
                case["call"]
            );
        }
    }
}

/// A Pillow 13 RGBA case of a data set, its input as an RGBA8 texture and as bytes, and its
/// expected texels.
struct RgbaCase {
    case: wgpu_resize::conformance::Case,
    spec: ResizeSpec,
    source: wgpu::Texture,
    input: Vec<u8>,
    want: Vec<f32>,
}

/// The Pillow 13 RGBA cases of `tests/data/<folder>/`.
fn pillow_13_rgba_cases(gpu: &common::Gpu, folder: &str) -> Vec<RgbaCase> {
    let folder = FsPath::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(folder);
    let read = |file: &str| {
        wgpu_resize::npy::read::<u8>(&folder.join(file))
            .unwrap()
            .data
    };
    let floats = |bytes: &[u8]| bytes.iter().copied().map(f32::from).collect::<Vec<f32>>();
    wgpu_resize::conformance::load_cases(&folder)
        .unwrap()
        .into_iter()
        .filter(|case| case.id.starts_with("p13_") && case.params["image_mode"] == "RGBA")
        .map(|case| {
            let spec = case.spec().unwrap();
            let input = read(&case.input);
            let source = texture_with(
                gpu,
                F::Rgba8Unorm,
                spec.input(),
                wgpu::TextureUsages::TEXTURE_BINDING,
                &floats(&input),
            );
            let want = floats(&read(&case.output));
            RgbaCase {
                case,
                spec,
                source,
                input,
                want,
            }
        })
        .collect()
}

/// Pillow 13's premultiplied RGBA shapes whose height shrinks most (the vertical pass rounds
/// first) through the texture API on every path that takes them, to Pillow 13's byte
/// (`tests/data/pillow-order/`): the vector gather reads the texture and rounds its vertical
/// sums first, the separable path runs its vertical pass first.
#[test]
fn pillow_13_vertical_first_rgba_through_the_texture_api() {
    let Some(gpu) = gpu("pillow 13 vertical first textures") else {
        return;
    };
    let cases = pillow_13_rgba_cases(gpu, "pillow-order");
    assert_eq!(cases.len(), 2, "the Pillow 13 RGBA cases");
    for RgbaCase {
        case,
        spec,
        source,
        want,
        ..
    } in &cases
    {
        assert!(spec.rounds_vertical_first(), "{}", case.id);
        for path in [Path::Gather, Path::Separable, Path::Auto] {
            let got = into_texture_on(gpu, spec, source, path);
            assert_eq!(worst(&got, want), 0.0, "{} {path}", case.id);
        }
    }
}

/// `spec` run on `path` from `source` into a new RGBA8 texture (written by the kernels for a
/// concrete path, by a render pass for `auto`), read back.
fn into_texture_on(
    gpu: &common::Gpu,
    spec: &ResizeSpec,
    source: &wgpu::Texture,
    path: Path,
) -> Vec<f32> {
    use wgpu::TextureUsages as U;
    let write = match path {
        Path::Auto => U::RENDER_ATTACHMENT,
        _ => U::STORAGE_BINDING,
    };
    let target = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.output(),
        write | U::TEXTURE_BINDING,
        &vec![0.0; spec.output_len()],
    );
    run_on(gpu, spec, source, &target, path).0
}

/// Pillow 13's two-step RGBA resizes, thumbnail and reductions (`tests/data/pillow-reduce/`)
/// through the texture API, to Pillow's byte: texture to texture on every path that takes them
/// (a reduction runs staged, through buffers), texture to tensor in a pass of its own and in
/// the caller's, and tensor to texture.
#[test]
fn pillow_two_step_rgba_through_the_texture_api() {
    use wgpu::TextureUsages as U;
    let Some(gpu) = gpu("pillow two-step textures") else {
        return;
    };
    let cases = pillow_13_rgba_cases(gpu, "pillow-reduce");
    assert_eq!(cases.len(), 6, "the Pillow 13 RGBA cases");
    for RgbaCase {
        case,
        spec,
        source,
        input,
        want,
    } in &cases
    {
        assert!(spec.reduction().is_some(), "{}", case.id);
        for path in [Path::Gather, Path::Separable, Path::Auto] {
            // Image.reduce runs on the gather path alone.
            if gpu.resizer.availability(spec, path).is_err() {
                assert!(case.params.get("reduce").is_some(), "{} {path}", case.id);
                continue;
            }
            let got = into_texture_on(gpu, spec, source, path);
            assert_eq!(worst(&got, want), 0.0, "{} {path} into a texture", case.id);
        }
        let device = &gpu.context.device;
        let buffer = tensor_buffer(device, 256 + spec.output_bytes() + 256);
        for in_callers_pass in [false, true] {
            let (got, _) = run_texture_to_tensor(
                gpu,
                &gpu.resizer,
                (spec, Path::Auto),
                source,
                (&buffer, 256, 0x5A),
                in_callers_pass,
            )
            .unwrap();
            assert_eq!(worst(&got, want), 0.0, "{} into a tensor", case.id);
        }
        let input = wgpu::util::DeviceExt::create_buffer_init(
            device,
            &wgpu::util::BufferInitDescriptor {
                label: Some("two-step input"),
                contents: input,
                usage: wgpu::BufferUsages::STORAGE,
            },
        );
        let target = texture_with(
            gpu,
            F::Rgba8Unorm,
            spec.output(),
            U::STORAGE_BINDING | U::TEXTURE_BINDING,
            &vec![0.0; spec.output_len()],
        );
        poison_texels(gpu, &target);
        let mut encoder = device.create_command_encoder(&Default::default());
        gpu.resizer
            .encode_buffer_to_texture(
                &mut encoder,
                spec,
                input.slice(..),
                &TextureImage::first(&target),
                Path::Auto,
            )
            .unwrap();
        gpu.context.queue.submit([encoder.finish()]);
        let got = read_texels(gpu, &target);
        assert_eq!(worst(&got, want), 0.0, "{} from a tensor", case.id);
        gpu.resizer.forget_buffer(&buffer);
        gpu.resizer.forget_buffer(&input);
    }
}

#[test]
fn linear_light_on_srgb_textures_matches_the_reference() {
    let Some(gpu) = gpu("linear_light_on_srgb_textures_matches_the_reference") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let mut rng = Rng::new(4242);
    let (input, output) = (Size2::new(17, 23), Size2::new(8, 9));
    for element in [ElementType::U8, ElementType::F32] {
        let spec = ResizeSpec::builder(input, output)
            .channels(4)
            .element(element)
            .filter(Filter::Cubic { a: -0.5 })
            .antialias(true)
            .linear_light(true)
            .build()
            .unwrap();
        let values = random_texels(&mut rng, F::Rgba8UnormSrgb, spec.input_len());
        let source = texture_with(gpu, F::Rgba8UnormSrgb, input, U::TEXTURE_BINDING, &values);
        let target = texture_with(
            gpu,
            F::Rgba8UnormSrgb,
            output,
            U::RENDER_ATTACHMENT,
            &vec![0.0; spec.output_len()],
        );
        let (got, _) = run(gpu, &spec, &source, &target);
        let expected = stored(
            &reference_output(&spec, &staged(&values, F::Rgba8UnormSrgb, element)),
            F::Rgba8UnormSrgb,
            element,
        );
        let error = worst(&got, &expected);
        assert!(error <= 1.0, "{element:?}: worst error {error}");
    }
}

#[test]
fn texture_resizes_create_nothing_after_warm_up() {
    let Some(gpu) = gpu("texture_resizes_create_nothing_after_warm_up") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let resizer = wgpu_resize::Resizer::new(&gpu.context.device, &gpu.context.queue).unwrap();
    let spec = ResizeSpec::builder(Size2::new(12, 16), Size2::new(24, 8))
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let source = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.input(),
        U::TEXTURE_BINDING,
        &vec![7.0; spec.input_len()],
    );
    let targets = [
        texture_with(
            gpu,
            F::Rgba8Unorm,
            spec.output(),
            U::STORAGE_BINDING,
            &vec![0.0; spec.output_len()],
        ),
        texture_with(
            gpu,
            F::Rgba8UnormSrgb,
            spec.output(),
            U::RENDER_ATTACHMENT,
            &vec![0.0; spec.output_len()],
        ),
        // Written by a copy from padded rows (8 pixels are 32 bytes a row).
        texture_with(
            gpu,
            F::Rgba8UnormSrgb,
            spec.output(),
            U::COPY_DST,
            &vec![0.0; spec.output_len()],
        ),
    ];
    let mut warm = None;
    for frame in 0..3 {
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        for target in &targets {
            resizer
                .encode_texture(&mut encoder, &spec, &source, target, Path::Gather)
                .unwrap();
        }
        gpu.context.queue.submit([encoder.finish()]);
        let stats = resizer.stats();
        match warm {
            None => warm = Some(stats),
            Some(warm) => assert_eq!(stats, warm, "frame {frame} created GPU objects"),
        }
    }
    for target in &targets {
        let got = read_texels(gpu, target);
        assert!(got.iter().all(|&v| v == 7.0), "{:?}", target.format());
    }
}

/// An engine that resizes between textures of a frame and then drops them tells the resizer
/// with `forget_texture`: the bind groups and views of them go, so what the resizer holds does
/// not grow frame by frame (nor, where the backend reports it, what the test's own device has
/// allocated: from the first frame to the tenth by less than one frame's textures), and every
/// frame's results still match the reference.
#[test]
fn forgotten_textures_leave_the_caches() {
    // A device of its own: the allocator report counts the whole device, and the other tests
    // of this file allocate on the shared one as they run beside it.
    let Some(own) = common::own_gpu("forgotten_textures_leave_the_caches") else {
        return;
    };
    let (gpu, resizer) = (&own, &own.resizer);
    use wgpu::TextureUsages as U;
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(40, 36), Size2::new(24, 56))
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let allocated = || common::allocated_bytes(device);
    // Written by storage, by a render pass and by a copy.
    let writes = [
        (F::Rgba8Unorm, U::STORAGE_BINDING),
        (F::Rgba8UnormSrgb, U::RENDER_ATTACHMENT),
        (F::Rgba8UnormSrgb, U::empty()),
    ];
    let mut rng = Rng::new(77);
    let mut held_after_first = None;
    // Bytes allocated after each frame, where the backend reports them.
    let mut allocations = Vec::new();
    for frame in 0..10 {
        let values = random_texels(&mut rng, F::Rgba8Unorm, spec.input_len());
        let source = texture_with(
            gpu,
            F::Rgba8Unorm,
            spec.input(),
            U::TEXTURE_BINDING,
            &values,
        );
        let poison = vec![165.0; spec.output_len()];
        let targets: Vec<wgpu::Texture> = writes
            .iter()
            .map(|&(format, usage)| texture_with(gpu, format, spec.output(), usage, &poison))
            .collect();
        let mut encoder = device.create_command_encoder(&Default::default());
        for target in &targets {
            resizer
                .encode_texture(&mut encoder, &spec, &source, target, Path::Gather)
                .unwrap();
        }
        gpu.context.queue.submit([encoder.finish()]);
        for target in &targets {
            let what = format!("frame {frame}, {:?} {:?}", target.format(), target.usage());
            let formats = (F::Rgba8Unorm, target.format());
            assert_texels_match_reference(
                &spec,
                &values,
                formats,
                &read_texels(gpu, target),
                &what,
            );
        }
        let held = resizer.stats().texture_bindings_held;
        resizer.forget_texture(&source);
        for target in &targets {
            resizer.forget_texture(target);
        }
        let after = resizer.stats().texture_bindings_held;
        assert!(
            after < held,
            "frame {frame}: {held} -> {after} held after forgetting"
        );
        drop((source, targets));
        match held_after_first {
            None => held_after_first = Some(after),
            Some(first) => assert_eq!(after, first, "frame {frame}: held after forgetting"),
        }
        allocations.extend(allocated());
    }
    eprintln!("bytes allocated after each frame: {allocations:?}");
    // Textures kept alive would add a frame's bytes every frame.
    if let [from, .., to] = allocations[..] {
        let frame_bytes = spec.input_bytes() + 3 * spec.output_bytes();
        assert!(
            to < from + frame_bytes,
            "{from} -> {to} bytes allocated over 9 frames of {frame_bytes} bytes of textures: \
             {allocations:?}"
        );
    } else {
        eprintln!("the backend reports no allocations; the held bindings were checked");
    }
}

/// Threads sharing one resizer race to build the same staging pipelines, parameter blocks and
/// pipelines of texture resizes (storage, render and copy targets, a two-channel staged pair):
/// every result matches the reference, and the resizer has built what one thread doing the same
/// work builds, not a copy per racing thread.
#[test]
fn threads_share_one_resizer_for_textures() {
    let Some(gpu) = gpu("threads_share_one_resizer_for_textures") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let (device, queue) = (&gpu.context.device, &gpu.context.queue);
    let rgba = ResizeSpec::builder(Size2::new(12, 16), Size2::new(20, 9))
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let rg = rgba.to_builder().channels(2).build().unwrap();
    let mut rng = Rng::new(31);
    let rgba_values = random_texels(&mut rng, F::Rgba8Unorm, rgba.input_len());
    let rg_values = random_texels(&mut rng, F::Rg8Unorm, rg.input_len());
    let rgba_source = texture_with(
        gpu,
        F::Rgba8Unorm,
        rgba.input(),
        U::TEXTURE_BINDING,
        &rgba_values,
    );
    let rg_source = texture_with(gpu, F::Rg8Unorm, rg.input(), U::TEXTURE_BINDING, &rg_values);
    let jobs = [
        (
            &rgba,
            &rgba_source,
            &rgba_values,
            F::Rgba8Unorm,
            U::STORAGE_BINDING,
        ),
        (
            &rgba,
            &rgba_source,
            &rgba_values,
            F::Rgba8UnormSrgb,
            U::RENDER_ATTACHMENT,
        ),
        (
            &rgba,
            &rgba_source,
            &rgba_values,
            F::Rgba8UnormSrgb,
            U::COPY_DST,
        ),
        (&rg, &rg_source, &rg_values, F::Rg8Unorm, U::COPY_DST),
    ];
    // Threads meet before each job, so that they ask for its objects at once.
    let meet = std::sync::Barrier::new(4);
    let work =
        |resizer: &wgpu_resize::Resizer, thread: usize, meet: Option<&std::sync::Barrier>| {
            for (k, &(spec, source, values, format, usage)) in jobs.iter().enumerate() {
                let poison = vec![165.0; spec.output_len()];
                let target = texture_with(gpu, format, spec.output(), usage, &poison);
                let mut encoder = device.create_command_encoder(&Default::default());
                if let Some(meet) = meet {
                    meet.wait();
                }
                resizer
                    .encode_texture(&mut encoder, spec, source, &target, Path::Gather)
                    .unwrap();
                queue.submit([encoder.finish()]);
                let got = read_texels(gpu, &target);
                let what = format!("thread {thread} job {k} into {format:?}");
                assert_texels_match_reference(spec, values, (source.format(), format), &got, &what);
            }
        };
    let shared = wgpu_resize::Resizer::new(device, queue).unwrap();
    let (shared, meet) = (&shared, &meet);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|thread| scope.spawn(move || work(shared, thread, Some(meet))))
            .collect();
        for worker in workers {
            worker.join().expect("a thread panicked");
        }
    });
    let alone = wgpu_resize::Resizer::new(device, queue).unwrap();
    for thread in 0..4 {
        work(&alone, thread, None);
    }
    common::assert_built_once(shared, &alone);
}

#[test]
fn bad_textures_are_typed_errors() {
    let Some(gpu) = gpu("bad_textures_are_typed_errors") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let spec = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let zeros = |n| vec![0.0; n];
    let source = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.input(),
        U::TEXTURE_BINDING,
        &zeros(256),
    );
    let target = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.output(),
        U::STORAGE_BINDING,
        &zeros(64),
    );
    let attempt = |spec: &ResizeSpec, source: &wgpu::Texture, target: &wgpu::Texture| {
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        gpu.resizer
            .encode_texture(&mut encoder, spec, source, target, Path::Auto)
            .map(|_| ())
    };
    let expect = |result: Result<(), ResizeError>, needle: &str| {
        let err = result.unwrap_err();
        assert!(matches!(err, ResizeError::Texture { .. }), "{err:?}");
        assert!(err.to_string().contains(needle), "{err} lacks {needle:?}");
    };
    attempt(&spec, &source, &target).unwrap();
    let wrong_size = texture_with(
        gpu,
        F::Rgba8Unorm,
        Size2::new(5, 4),
        U::STORAGE_BINDING,
        &zeros(80),
    );
    expect(
        attempt(&spec, &source, &wrong_size),
        "the spec's target is 4x4",
    );
    let one_channel = texture_with(
        gpu,
        F::R8Unorm,
        spec.output(),
        U::RENDER_ATTACHMENT,
        &zeros(16),
    );
    expect(attempt(&spec, &source, &one_channel), "1 channel(s)");
    let float_target = texture_with(
        gpu,
        F::Rgba32Float,
        spec.output(),
        U::STORAGE_BINDING,
        &zeros(64),
    );
    expect(attempt(&spec, &source, &float_target), "8-bit unorm");
    // BGRA texels are not the staged tensor's bytes (RGBA order), so a copy cannot write them.
    let copy_only = texture_with(gpu, F::Bgra8Unorm, spec.output(), U::empty(), &zeros(64));
    expect(attempt(&spec, &source, &copy_only), "neither");
    let unsampled = texture_with(gpu, F::Rgba8Unorm, spec.input(), U::empty(), &zeros(256));
    expect(attempt(&spec, &unsampled, &target), "TEXTURE_BINDING");
    expect(attempt(&spec, &source, &source), "different image");
    let batch = spec.to_builder().batch(2).build().unwrap();
    expect(attempt(&batch, &source, &target), "batch 1");
}

/// The tensor a texture-to-tensor resize reads: the first `spec.channels()` of each texel of
/// `values` (`format`'s channels a pixel, as [`texture_with`] takes them), as the spec's element
/// type stages them, in the spec's layout.
fn tensor_of_texels(values: &[f32], format: F, spec: &ResizeSpec) -> Vec<f32> {
    let components = format.components() as usize;
    let channels = spec.channels() as usize;
    let pixels = values.len() / components;
    let staged = staged(values, format, spec.element());
    let mut tensor = vec![0.0; pixels * channels];
    for pixel in 0..pixels {
        for channel in 0..channels {
            let at = if spec.layout() == Layout::Nchw {
                channel * pixels + pixel
            } else {
                pixel * channels + channel
            };
            tensor[at] = staged[pixel * components + channel];
        }
    }
    tensor
}

/// A buffer of `size` bytes that texture-to-tensor tests write a tensor into, poison into
/// (`COPY_DST`) and read back from (`COPY_SRC`).
fn tensor_buffer(device: &wgpu::Device, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test tensor"),
        size,
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// A texture-to-tensor resize of `source` by `resizer` into the slice at `offset` of `buffer`,
/// which is first filled with `poison` bytes; asserts that the bytes before and after the
/// tensor kept their poison, and returns the tensor's elements and the path that ran.
fn run_texture_to_tensor(
    gpu: &common::Gpu,
    resizer: &wgpu_resize::Resizer,
    (spec, path): (&ResizeSpec, Path),
    source: &wgpu::Texture,
    (buffer, offset, poison): (&wgpu::Buffer, u64, u8),
    in_callers_pass: bool,
) -> Result<(Vec<f32>, Path), ResizeError> {
    let device = &gpu.context.device;
    let bytes = spec.output_bytes();
    gpu.context
        .queue
        .write_buffer(buffer, 0, &vec![poison; buffer.size() as usize]);
    let mut encoder = device.create_command_encoder(&Default::default());
    let image = TextureImage::first(source);
    let output = buffer.slice(offset..offset + bytes);
    let plan = if in_callers_pass {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        resizer.encode_texture_to_buffer_in_pass(&mut pass, spec, &image, output, path)?
    } else {
        resizer.encode_texture_to_buffer(&mut encoder, spec, &image, output, path)?
    };
    gpu.context.queue.submit([encoder.finish()]);
    let all: Vec<u8> = read_buffer(device, &gpu.context.queue, buffer, 0..buffer.size()).unwrap();
    let end = (offset + bytes) as usize;
    assert!(
        all[..offset as usize].iter().all(|&b| b == poison),
        "bytes before the tensor written"
    );
    assert!(
        all[end..].iter().all(|&b| b == poison),
        "bytes after the tensor written"
    );
    let tensor = &all[offset as usize..end];
    let values = match spec.element() {
        ElementType::U8 => tensor[..spec.output_len()]
            .iter()
            .map(|&b| f32::from(b))
            .collect(),
        ElementType::F16 => tensor[..spec.output_len() * 2]
            .chunks(2)
            .map(|c| f16::from_le_bytes([c[0], c[1]]).to_f32())
            .collect(),
        _ => bytemuck::pod_collect_to_vec(tensor),
    };
    Ok((values, plan.path))
}

/// Texture images resized into tensors in the caller's buffer (`encode_texture_to_buffer`):
/// RGBA, BGRA, sRGB, 1- and 2-channel formats, 8-bit, f16 and f32 texels; all of a texel's
/// channels or the first of them; NHWC and NCHW; u8, f16 and f32 tensors, the float ones also
/// normalised; random sizes, filters and offsets; every path the spec can take, in a pass of
/// its own and in the caller's. Each tensor matches the reference resize of the texels (as
/// stored) into a poisoned slice whose
/// neighbouring bytes stay poisoned; `auto` runs what `plan_texture_to_buffer` measured, and a
/// second frame into the same slice creates nothing (a resizer of the test's own, which no
/// other test changes).
#[test]
fn textures_resize_into_tensors_of_either_layout() {
    let Some(gpu) = gpu("textures_resize_into_tensors_of_either_layout") else {
        return;
    };
    let device = &gpu.context.device;
    let resizer = wgpu_resize::Resizer::new(device, &gpu.context.queue).unwrap();
    let alignment = device.limits().min_storage_buffer_offset_alignment as u64;
    let (u8, half, f32) = (ElementType::U8, ElementType::F16, ElementType::F32);
    let (nhwc, nchw) = (Layout::Nhwc, Layout::Nchw);
    // (format, channels, layout, element, normalisation): the first rows are RGBA read by the
    // kernels themselves, the others staged; the normalised rows at the end are normalised by
    // the tensor store (RGB planes), the vector store (RGBA pixels in f32 and f16) or the
    // store of the resize after staging (staged formats).
    let rgba = Normalization::new(&[0.25, 0.5, 0.75, 0.5], &[0.5, 0.25, -2.0, 0.3]).unwrap();
    let rg = Normalization::new(&[0.0, 1.0], &[2.0, -0.5]).unwrap();
    let cases = [
        (F::Rgba8Unorm, 4, nhwc, u8, None),
        (F::Rgba32Float, 4, nhwc, f32, None),
        (F::Rgba8Unorm, 4, nhwc, half, None),
        (F::Rgba16Float, 4, nhwc, half, None),
        (F::Rgba8UnormSrgb, 4, nhwc, f32, None),
        (F::Rgba8UnormSrgb, 3, nchw, f32, None),
        (F::Bgra8Unorm, 3, nhwc, u8, None),
        (F::Bgra8UnormSrgb, 3, nchw, u8, None),
        (F::Rgba16Float, 3, nchw, f32, None),
        (F::Rgba8Unorm, 4, nchw, u8, None),
        (F::Rgba8Unorm, 1, nhwc, f32, None),
        (F::R8Unorm, 1, nchw, u8, None),
        (F::Rg8Unorm, 2, nhwc, u8, None),
        (F::Rg32Float, 2, nchw, f32, None),
        (F::R16Float, 1, nhwc, f32, None),
        (F::Rgba8UnormSrgb, 3, nchw, half, None),
        (F::Rgba32Float, 3, nhwc, half, None),
        (F::R8Unorm, 1, nhwc, half, None),
        (F::Rgba16Float, 4, nchw, half, None),
        (F::Rgba8Unorm, 3, nchw, f32, Some(Normalization::IMAGENET)),
        (F::Rgba8UnormSrgb, 4, nhwc, f32, Some(rgba)),
        (F::Bgra8Unorm, 3, nhwc, half, Some(Normalization::IMAGENET)),
        (F::Rgba16Float, 4, nhwc, half, Some(rgba)),
        (
            F::Rgba16Float,
            2,
            nchw,
            f32,
            Normalization::uniform(2, 0.5, 0.5).ok(),
        ),
        (
            F::R8Unorm,
            1,
            nchw,
            f32,
            Normalization::uniform(1, 0.4, 0.2).ok(),
        ),
        (F::Rg32Float, 2, nhwc, half, Some(rg)),
    ];
    let filters = [
        Filter::Linear,
        Filter::Cubic { a: -0.5 },
        Filter::Lanczos { lobes: 3 },
        Filter::Nearest(NearestRule::RoundPreferFloor),
        Filter::Box,
    ];
    let mut rng = Rng::new(0x7e_7e);
    for (k, (format, channels, layout, element, normalization)) in cases.into_iter().enumerate() {
        let input = Size2::new(rng.range(3, 24), rng.range(3, 24));
        let output = Size2::new(rng.range(2, 20), rng.range(2, 20));
        let spec = ResizeSpec::builder(input, output)
            .channels(channels)
            .layout(layout)
            .element(element)
            .filter(filters[k % filters.len()])
            .antialias(k % 2 == 0)
            .normalize(normalization)
            .build()
            .unwrap();
        let values = random_texels(
            &mut rng,
            format,
            (input.height * input.width * format.components() as u32) as usize,
        );
        let source = texture_with(
            gpu,
            format,
            input,
            wgpu::TextureUsages::TEXTURE_BINDING,
            &values,
        );
        let expected: Vec<f32> = reference_output(&spec, &tensor_of_texels(&values, format, &spec))
            .into_iter()
            .map(|v| v as f32)
            .collect();
        // Normalised values reach about 4 (f16's step there is 2^-8), from the resize's error
        // over a std of 0.2.
        let tolerance = match (element, normalization.is_some()) {
            (ElementType::U8, _) => 1.0,
            (ElementType::F16, false) => 2e-3,
            (ElementType::F16, true) => 1e-2,
            (_, false) => 1e-5,
            (_, true) => 2e-5,
        };
        let poison = match element {
            ElementType::U8 => 0xA5,
            _ => 0xFF, // NaN in every f32 and f16
        };
        // Measured first, so that `auto` takes the measured choice.
        let measured = resizer
            .plan_texture_to_buffer(&spec, &TextureImage::first(&source), Path::Auto)
            .unwrap()
            .path;
        for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
            if resizer.availability(&spec, path).is_err() {
                continue;
            }
            let offset = alignment * rng.range(0, 2) as u64;
            let buffer = tensor_buffer(device, offset + spec.output_bytes() + 256);
            for frame in 0..2 {
                let in_callers_pass = (k + frame) % 2 == 1;
                let before = resizer.stats();
                let what = format!(
                    "{format:?} {channels} channel(s) {layout:?} {path} frame {frame} {spec:?}"
                );
                let (got, ran) = run_texture_to_tensor(
                    gpu,
                    &resizer,
                    (&spec, path),
                    &source,
                    (&buffer, offset, poison),
                    in_callers_pass,
                )
                .unwrap_or_else(|e| panic!("{what}: {e}"));
                if path == Path::Auto {
                    assert_eq!(
                        ran, measured,
                        "{what}: auto took another path than measured"
                    );
                } else {
                    assert_eq!(ran, path, "{what}");
                }
                let error = worst(&got, &expected);
                assert!(error <= tolerance, "{what}: worst error {error}");
                if frame == 1 {
                    assert_eq!(
                        resizer.stats(),
                        before,
                        "{what}: the second frame created GPU objects"
                    );
                }
            }
        }
    }
}

/// A normalising spec from a texture into a texture is a typed error naming the tensor route
/// (a tensor into a texture may normalise: `tensors_resize_into_textures`).
#[test]
fn normalising_specs_are_refused_into_textures() {
    let Some(gpu) = gpu("normalising_specs_are_refused_into_textures") else {
        return;
    };
    let device = &gpu.context.device;
    let resizer = &gpu.resizer;
    let rgba = Normalization::new(&[0.25, 0.5, 0.75, 0.5], &[0.5, 0.25, -2.0, 0.3]).unwrap();
    let spec = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .channels(4)
        .normalize(Some(rgba))
        .build()
        .unwrap();
    let usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING;
    let source = texture_with(gpu, F::Rgba32Float, spec.input(), usage, &[0.5; 256]);
    let target = texture_with(gpu, F::Rgba32Float, spec.output(), usage, &[0.5; 64]);
    let mut encoder = device.create_command_encoder(&Default::default());
    let refused = resizer.encode_texture(&mut encoder, &spec, &source, &target, Path::Auto);
    gpu.context.queue.submit([encoder.finish()]);
    let error = refused.expect_err("a normalising spec into a texture");
    assert!(
        matches!(&error, ResizeError::Texture { .. })
            && error.to_string().contains("encode_texture_to_buffer"),
        "{error}"
    );
}

/// A mip level of an array layer into a tensor: layer 1 at mip level 1 of a texture whose
/// other images hold other texels, read by the kernels (RGB planes, f32) and staged (u8), each
/// against the reference of that image's texels. On GL, a typed error.
#[test]
fn texture_images_at_other_levels_into_tensors() {
    let Some(gpu) = gpu("texture_images_at_other_levels_into_tensors") else {
        return;
    };
    let base = Size2::new(18, 26);
    let texture = layered_texture(
        gpu,
        F::Rgba8Unorm,
        base,
        (2, 2),
        wgpu::TextureUsages::COPY_DST,
    );
    let mut rng = Rng::new(0x1e_7e1);
    let mut wanted = Vec::new();
    for layer in 0..2 {
        for level in 0..2 {
            let image = TextureImage::at(&texture, level, layer);
            let size = image.size();
            let values = random_texels(
                &mut rng,
                F::Rgba8Unorm,
                (size.height * size.width * 4) as usize,
            );
            write_image(gpu, &image, &values);
            if (level, layer) == (1, 1) {
                wanted = values;
            }
        }
    }
    let image = TextureImage::at(&texture, 1, 1);
    let device = &gpu.context.device;
    let resizer = wgpu_resize::Resizer::new(device, &gpu.context.queue).unwrap();
    for (element, layout, channels) in [
        (ElementType::F32, Layout::Nchw, 3),
        (ElementType::U8, Layout::Nchw, 3),
    ] {
        let spec = ResizeSpec::builder(image.size(), Size2::new(5, 7))
            .channels(channels)
            .layout(layout)
            .element(element)
            .antialias(true)
            .build()
            .unwrap();
        let buffer = tensor_buffer(device, spec.output_bytes() + 256);
        let mut encoder = device.create_command_encoder(&Default::default());
        let result = resizer.encode_texture_to_buffer(
            &mut encoder,
            &spec,
            &image,
            buffer.slice(..spec.output_bytes()),
            Path::Auto,
        );
        if gl_backend(gpu) {
            let err = result.expect_err("no mip levels on GL");
            assert!(err.to_string().contains("GL backend"), "{err}");
            continue;
        }
        result.unwrap();
        gpu.context.queue.submit([encoder.finish()]);
        let bytes: Vec<u8> =
            read_buffer(device, &gpu.context.queue, &buffer, 0..spec.output_bytes()).unwrap();
        let got: Vec<f32> = match element {
            ElementType::U8 => bytes[..spec.output_len()]
                .iter()
                .map(|&b| f32::from(b))
                .collect(),
            _ => bytemuck::pod_collect_to_vec(&bytes),
        };
        let expected: Vec<f32> =
            reference_output(&spec, &tensor_of_texels(&wanted, F::Rgba8Unorm, &spec))
                .into_iter()
                .map(|v| v as f32)
                .collect();
        let tolerance = if element == ElementType::U8 {
            1.0
        } else {
            1e-5
        };
        let error = worst(&got, &expected);
        assert!(error <= tolerance, "{element:?}: worst error {error}");
    }
}

/// A resizer of the test's own that keeps its measured decisions in a tuning file of a new
/// directory (which lives as long as the returned handle), and the file's path.
fn tuning_resizer(
    gpu: &common::Gpu,
) -> (wgpu_resize::Resizer, tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    (resizer_with_tuning_file(gpu, &file), dir, file)
}

/// A resizer of the test's own that reads and keeps its decisions in `file`.
fn resizer_with_tuning_file(gpu: &common::Gpu, file: &std::path::Path) -> wgpu_resize::Resizer {
    let options = wgpu_resize::gpu::ResizerOptions {
        tune_cache_file: Some(file.to_path_buf()),
        ..Default::default()
    };
    wgpu_resize::Resizer::with_options(&gpu.context.device, &gpu.context.queue, options).unwrap()
}

/// The tuning file's keys, over its namespaces.
fn saved_keys(file: &std::path::Path) -> Vec<String> {
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    saved["namespaces"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|decisions| decisions.as_object().unwrap().keys().cloned())
        .collect()
}

/// `auto` from a texture into a tensor is a route of its own: `encode` runs the heuristic's
/// choice and queues the shape, `tune_pending` measures it from a texture of the source's
/// format, and the decision is kept under a key that names the format (in the tuning file too),
/// apart from the same spec's decision between buffers. The result is the reference's either
/// way, and forgetting the frame and the tensor leaves nothing that binds them.
#[test]
fn texture_routes_are_tuned_on_their_own() {
    let Some(gpu) = gpu("texture_routes_are_tuned_on_their_own") else {
        return;
    };
    use wgpu_resize::PlanSource;
    let device = &gpu.context.device;
    let (resizer, _dir, file) = tuning_resizer(gpu);
    let spec = ResizeSpec::builder(Size2::new(20, 36), Size2::new(7, 9))
        .channels(3)
        .layout(Layout::Nchw)
        .antialias(true)
        .build()
        .unwrap();
    let mut rng = Rng::new(0x70_7e);
    let values = random_texels(&mut rng, F::Rgba8Unorm, 20 * 36 * 4);
    let source = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.input(),
        wgpu::TextureUsages::TEXTURE_BINDING,
        &values,
    );
    let image = TextureImage::first(&source);
    let buffer = tensor_buffer(device, spec.output_bytes() + 256);
    let expected: Vec<f32> =
        reference_output(&spec, &tensor_of_texels(&values, F::Rgba8Unorm, &spec))
            .into_iter()
            .map(|v| v as f32)
            .collect();
    let run = |what: &str| {
        let (got, _) = run_texture_to_tensor(
            gpu,
            &resizer,
            (&spec, Path::Auto),
            &source,
            (&buffer, 0, 0xFF),
            false,
        )
        .unwrap();
        let error = worst(&got, &expected);
        assert!(error <= 1e-5, "{what}: worst error {error}");
    };

    let mut encoder = device.create_command_encoder(&Default::default());
    let first = resizer
        .encode_texture_to_buffer(
            &mut encoder,
            &spec,
            &image,
            buffer.slice(..spec.output_bytes()),
            Path::Auto,
        )
        .unwrap();
    drop(encoder);
    assert_eq!(first.source, PlanSource::Heuristic, "{}", first.reason);
    run("before measuring");
    assert_eq!(
        resizer.tune_pending().unwrap(),
        1,
        "the texture route was queued"
    );
    let measured = resizer
        .plan_texture_to_buffer(&spec, &image, Path::Auto)
        .unwrap();
    assert_eq!(measured.source, PlanSource::Measured, "{}", measured.reason);
    assert!(
        measured.candidates.iter().any(|c| c.median_us.is_some()),
        "{}",
        measured.reason
    );
    run("after measuring");
    let keys = || saved_keys(&file);
    let suffix = "|from texture Rgba8Unorm";
    let saved = keys();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(saved[0].ends_with(suffix), "{saved:?}");
    // The same spec between buffers is measured for itself, under the key without the suffix.
    assert_eq!(
        resizer.plan(&spec, Path::Auto).unwrap().source,
        PlanSource::Measured
    );
    let mut saved = keys();
    saved.sort();
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert_eq!(format!("{}{suffix}", saved[0]), saved[1], "{saved:?}");
    // Forgetting the caller's tensor and frame drops everything that binds them; the tuning's
    // scratch texture and tensor were dropped when it finished.
    let held =
        |stats: wgpu_resize::ResizerStats| stats.bind_group_sets_held + stats.texture_bindings_held;
    let before = held(resizer.stats());
    resizer.forget_buffer(&buffer);
    assert!(
        held(resizer.stats()) < before,
        "the tensor's bind groups are held still"
    );
    resizer.forget_texture(&source);
    let stats = resizer.stats();
    assert_eq!(
        (stats.bind_group_sets_held, stats.texture_bindings_held),
        (0, 0),
        "{stats:?}"
    );
}

/// The three planes of `spec_of` for the first of `frames` whose planes the fused kernel fits
/// on `resizer`'s device and whose RGBA pixels (the same resize of four NHWC channels) it does
/// not.
fn planes_fitting_where_pixels_do_not(
    resizer: &wgpu_resize::Resizer,
    mut frames: impl Iterator<Item = Size2>,
    spec_of: impl Fn(Size2, u32, Layout) -> ResizeSpec,
) -> ResizeSpec {
    frames
        .find_map(|input| {
            let rgba = spec_of(input, 4, Layout::Nhwc);
            let planes = spec_of(input, 3, Layout::Nchw);
            (resizer.availability(&rgba, Path::Fused).is_err()
                && resizer.availability(&planes, Path::Fused).is_ok())
            .then_some(planes)
        })
        .expect("a frame whose planes fit the fused path and whose RGBA pixels do not")
}

/// A sampled `rgba8unorm` texture of `size` holding random texels from `seed`, and the texels.
fn random_rgba8_frame(gpu: &common::Gpu, size: Size2, seed: u64) -> (Vec<f32>, wgpu::Texture) {
    let mut rng = Rng::new(seed);
    let values = random_texels(
        &mut rng,
        F::Rgba8Unorm,
        (size.height * size.width * 4) as usize,
    );
    let usage = wgpu::TextureUsages::TEXTURE_BINDING;
    let source = texture_with(gpu, F::Rgba8Unorm, size, usage, &values);
    (values, source)
}

/// A texture into tensor planes whose RGBA kernels the fused path cannot fit (the same resize
/// of four channels' pixels needs more workgroup memory than three planes do) runs the fused
/// path from the staged copy: tuning times it there, at the planes' own tile widths, instead
/// of reporting that the fused path cannot run it, and the fused path's result is the
/// reference's.
#[test]
fn fused_from_a_texture_runs_staged_where_its_own_kernels_do_not_fit() {
    let Some(gpu) = gpu("fused_from_a_texture_runs_staged_where_its_own_kernels_do_not_fit") else {
        return;
    };
    let device = &gpu.context.device;
    let resizer = wgpu_resize::Resizer::new(device, &gpu.context.queue).unwrap();
    let lanczos = |input: Size2, channels, layout| {
        ResizeSpec::builder(input, Size2::new(9, 16))
            .both_axes(
                wgpu_resize::AxisResample::default()
                    .with_filter(wgpu_resize::Filter::Lanczos { lobes: 3 })
                    .with_antialias(true)
                    .with_border(wgpu_resize::Border::Renormalize),
            )
            .channels(channels)
            .layout(layout)
            .build()
            .unwrap()
    };
    let frames = (2..=48u32).map(|k| Size2::new(45 * k, 80 * k));
    let spec = planes_fitting_where_pixels_do_not(&resizer, frames, lanczos);
    let input = spec.input();
    let (values, source) = random_rgba8_frame(gpu, input, 0x0057_a9ed);
    let image = TextureImage::first(&source);
    let plan = resizer
        .plan_texture_to_buffer(&spec, &image, Path::Auto)
        .unwrap();
    let fused = plan
        .candidates
        .iter()
        .find(|c| c.path == Path::Fused)
        .expect("a fused candidate");
    assert!(
        fused.median_us.is_some() && !fused.unavailable,
        "{input:?}: {}",
        plan.reason
    );
    let columns = fused.tile.expect("the fused tile's columns").columns;
    assert!(
        resizer
            .fused_column_candidates(&spec)
            .unwrap()
            .contains(&columns),
        "{columns} columns: not one of the planes' counts ({})",
        plan.reason
    );
    let (got, _, expected) =
        resize_frame_alone(gpu, (&spec, Path::Fused), F::Rgba8Unorm, &values, false);
    let error = worst(&got, &expected);
    assert!(error <= 1e-5, "{input:?}: worst error {error}");
}

/// Before anything is measured (here with tuning off), a texture resized into tensor planes
/// where the fused kernel fits the planes but not the texture's RGBA pixels takes the fused
/// path from the staged copy when the heuristic's rule for planes picks it, instead of the
/// gather or separable path the RGBA kernels leave; and that plan computes the reference's
/// numbers. With 32 KiB of workgroup memory the two differ only on supports too wide for that
/// rule, so the device here has 4 KiB.
#[test]
fn the_heuristic_weighs_the_staged_fused_path_of_planes() {
    let Some(gpu) = gpu("the_heuristic_weighs_the_staged_fused_path_of_planes") else {
        return;
    };
    let context = pollster::block_on(wgpu_resize::GpuContext::request(
        wgpu_resize::adapter::ContextOptions {
            limits: Some(wgpu::Limits {
                max_compute_workgroup_storage_size: 4096,
                ..gpu.context.adapter.limits()
            }),
            ..Default::default()
        },
    ))
    .expect("a device with 4 KiB of workgroup memory");
    let options = wgpu_resize::gpu::ResizerOptions {
        tuning: wgpu_resize::gpu::Tuning::Off,
        ..Default::default()
    };
    let resizer =
        wgpu_resize::Resizer::with_options(&context.device, &context.queue, options).unwrap();
    let small = common::Gpu { context, resizer };
    let gpu = &small;
    // Antialiased bicubic quartering: 16 taps an axis, which the rule for planes takes fused.
    let quartering = |input: Size2, channels, layout| {
        ResizeSpec::builder(input, Size2::new(input.height / 4, input.width / 4))
            .both_axes(
                wgpu_resize::AxisResample::default()
                    .with_filter(wgpu_resize::Filter::Cubic { a: -0.5 })
                    .with_antialias(true),
            )
            .channels(channels)
            .layout(layout)
            .build()
            .unwrap()
    };
    let frames = (1..=64u32).map(|k| Size2::new(36 * k, 64 * k));
    let spec = planes_fitting_where_pixels_do_not(&gpu.resizer, frames, quartering);
    let input = spec.input();
    let (values, source) = random_rgba8_frame(gpu, input, 0x00a1_f0b5);
    let plan = gpu
        .resizer
        .plan_texture_to_buffer(&spec, &TextureImage::first(&source), Path::Auto)
        .unwrap();
    assert_eq!(plan.path, Path::Fused, "{input:?}: {}", plan.reason);
    assert_eq!(plan.source, wgpu_resize::PlanSource::Heuristic);
    assert!(plan.reason.contains("staged copy"), "{}", plan.reason);
    let offset = u64::from(
        gpu.context
            .device
            .limits()
            .min_storage_buffer_offset_alignment,
    );
    let buffer = tensor_buffer(&gpu.context.device, offset + spec.output_bytes() + 256);
    let (got, ran) = run_texture_to_tensor(
        gpu,
        &gpu.resizer,
        (&spec, Path::Auto),
        &source,
        (&buffer, offset, 0x5A),
        false,
    )
    .expect("encode_texture_to_buffer");
    assert_eq!(ran, Path::Fused);
    let expected = reference_output(&spec, &tensor_of_texels(&values, F::Rgba8Unorm, &spec));
    let expected = stored(&expected, F::Rgba32Float, spec.element());
    let error = worst(&got, &expected);
    assert!(error <= 1e-5, "{input:?}: worst error {error}");
}

/// What a texture-to-tensor resize refuses, each a typed error that names the problem, and
/// each leaving the encoder usable: a batch, more channels than the texel has, a
/// u8 spec on a float format, a size that is not the texture's, a source that cannot be
/// sampled, and output slices without `STORAGE`, too short or misaligned.
#[test]
fn bad_texture_to_tensor_requests_are_typed_errors() {
    let Some(gpu) = gpu("bad_texture_to_tensor_requests_are_typed_errors") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .channels(3)
        .layout(Layout::Nchw)
        .build()
        .unwrap();
    let source = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.input(),
        U::TEXTURE_BINDING,
        &[0.0; 256],
    );
    let buffer = |size, usage| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("test tensor"),
            size,
            usage,
            mapped_at_creation: false,
        })
    };
    let storage = wgpu::BufferUsages::STORAGE;
    let tensor = buffer(1024, storage);
    let attempt = |spec: &ResizeSpec, source: &wgpu::Texture, output: wgpu::BufferSlice<'_>| {
        let mut encoder = device.create_command_encoder(&Default::default());
        let result = gpu.resizer.encode_texture_to_buffer(
            &mut encoder,
            spec,
            &TextureImage::first(source),
            output,
            Path::Auto,
        );
        // A refusal records nothing the encoder would fail on.
        gpu.context.queue.submit([encoder.finish()]);
        result.map(|_| ())
    };
    let texture_error = |result: Result<(), ResizeError>, needle: &str| {
        let err = result.unwrap_err();
        assert!(matches!(err, ResizeError::Texture { .. }), "{err:?}");
        assert!(err.to_string().contains(needle), "{err} lacks {needle:?}");
    };
    attempt(&spec, &source, tensor.slice(..)).unwrap();
    // Each variant built in full: a closure taking the builder by value, called twice, is
    // miscompiled by rustc 1.95 in release builds (rust-lang/rust#155241: the second call saw
    // the first one's change).
    let batch = spec.to_builder().batch(2).build().unwrap();
    texture_error(attempt(&batch, &source, tensor.slice(..)), "batch 1");
    let one_channel = texture_with(
        gpu,
        F::R8Unorm,
        spec.input(),
        U::TEXTURE_BINDING,
        &[0.0; 64],
    );
    texture_error(
        attempt(&spec, &one_channel, tensor.slice(..)),
        "1 channel(s)",
    );
    let float = texture_with(
        gpu,
        F::Rgba32Float,
        spec.input(),
        U::TEXTURE_BINDING,
        &[0.0; 256],
    );
    let u8_spec = spec.to_builder().element(ElementType::U8).build().unwrap();
    texture_error(attempt(&u8_spec, &float, tensor.slice(..)), "8-bit unorm");
    let wrong_size = spec
        .to_builder()
        .sizes(Size2::new(8, 9), Size2::new(4, 4))
        .build()
        .unwrap();
    texture_error(
        attempt(&wrong_size, &source, tensor.slice(..)),
        "the spec's source is 9x8",
    );
    let unsampled = texture_with(gpu, F::Rgba8Unorm, spec.input(), U::empty(), &[0.0; 256]);
    texture_error(
        attempt(&spec, &unsampled, tensor.slice(..)),
        "TEXTURE_BINDING",
    );
    let rgba = spec
        .to_builder()
        .channels(4)
        .layout(Layout::Nhwc)
        .build()
        .unwrap();
    // The output slice, on both routes: staged (this spec) and read by the kernels (RGBA NHWC).
    for spec in [&spec, &rgba] {
        let err = attempt(
            spec,
            &source,
            buffer(1024, wgpu::BufferUsages::COPY_DST).slice(..),
        )
        .unwrap_err();
        assert!(matches!(err, ResizeError::MissingUsage { .. }), "{err:?}");
        let err = attempt(spec, &source, tensor.slice(..spec.output_bytes() - 4)).unwrap_err();
        assert!(matches!(err, ResizeError::BufferTooSmall { .. }), "{err:?}");
        let err = attempt(spec, &source, tensor.slice(4..)).unwrap_err();
        assert!(
            matches!(err, ResizeError::MisalignedOffset { .. }),
            "{err:?}"
        );
    }
}

/// Targets written by a copy hold exactly the bytes the buffer API writes for the same spec and
/// input: rows of 256-byte multiples copied as they are, others through padded rows, 1, 2 and
/// 4 channels, u8 (sRGB included) and f32, random sizes and filters, targets poisoned first.
#[test]
fn copies_write_the_bytes_of_the_buffer_route() {
    let Some(gpu) = gpu("copies_write_the_bytes_of_the_buffer_route") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let filters = [
        (Filter::Linear, false),
        (Filter::Cubic { a: -0.75 }, false),
        (Filter::Lanczos { lobes: 3 }, true),
        (Filter::Nearest(NearestRule::RoundPreferFloor), false),
    ];
    let formats = [
        (F::R8Unorm, ElementType::U8),
        (F::Rg8Unorm, ElementType::U8),
        (F::Rgba8Unorm, ElementType::U8),
        (F::Rgba8UnormSrgb, ElementType::U8),
        (F::R32Float, ElementType::F32),
        (F::Rg32Float, ElementType::F32),
        (F::Rgba32Float, ElementType::F32),
    ];
    for (i, &(format, element)) in formats.iter().enumerate() {
        let channels = format.components() as u32;
        let texel_bytes = format.block_copy_size(None).unwrap();
        // Widths whose rows are exactly 256 bytes (no padding), and random ones.
        let aligned = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT / texel_bytes;
        for seed in 0..3u64 {
            let mut rng = Rng::new(9000 + 10 * i as u64 + seed);
            let out_w = match seed {
                0 => aligned,
                _ => rng.range(3, 90),
            };
            let output = Size2::new(rng.range(2, 40), out_w);
            let input = Size2::new(rng.range(2, 40), rng.range(2, 90));
            let (filter, antialias) = filters[(i + seed as usize) % filters.len()];
            let spec = ResizeSpec::builder(input, output)
                .channels(channels)
                .element(element)
                .filter(filter)
                .antialias(antialias)
                .build()
                .unwrap();
            let values = random_texels(&mut rng, format, spec.input_len());
            let source = texture_with(gpu, format, input, U::TEXTURE_BINDING, &values);
            let zeros = vec![0.0; spec.output_len()];
            let target = texture_with(gpu, format, output, U::empty(), &zeros);
            // One path on both routes, so that the bytes are comparable bit for bit.
            let path = [Path::Gather, Path::Separable][seed as usize % 2];
            let (got, write) = run_on(gpu, &spec, &source, &target, path);
            assert_eq!(write, TextureWrite::Copy);
            let buffer_route: Vec<f32> = match element {
                ElementType::U8 => {
                    let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                    common::run_poisoned(gpu, &spec, &bytes, path)
                        .into_iter()
                        .map(f32::from)
                        .collect()
                }
                _ => common::run_poisoned(gpu, &spec, &values, path),
            };
            let what = format!("{format:?} {input:?} -> {output:?} {filter:?} {path:?}");
            assert!(
                got.iter()
                    .zip(&buffer_route)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "{what}: the texture differs from the buffer route"
            );
            assert_texels_match_reference(&spec, &values, (format, format), &got, &what);
        }
    }
}

/// A texture resize that fails after its staging is prepared (a path the spec cannot take)
/// returns its error and records nothing: the encoder stays valid for the next resize, which
/// runs, and the failed one's target keeps its poison.
#[test]
fn a_failing_texture_resize_records_nothing() {
    let Some(gpu) = gpu("a_failing_texture_resize_records_nothing") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let device = &gpu.context.device;
    let mut rng = Rng::new(77);
    // One channel (staged at both ends), and RGBA (read by the kernels themselves).
    for format in [F::R8Unorm, F::Rgba8Unorm] {
        // An antialiased shrink by 320 across: the fused kernel's footprint of input columns
        // exceeds its workgroup memory.
        let spec = ResizeSpec::builder(Size2::new(13, 3200), Size2::new(9, 10))
            .channels(format.components() as u32)
            .element(ElementType::U8)
            .filter(Filter::Lanczos { lobes: 3 })
            .antialias(true)
            .build()
            .unwrap();
        let values = random_texels(&mut rng, format, spec.input_len());
        let source = texture_with(gpu, format, spec.input(), U::TEXTURE_BINDING, &values);
        let poison = vec![165.0; spec.output_len()];
        let failed = texture_with(gpu, format, spec.output(), U::empty(), &poison);
        let written = texture_with(gpu, format, spec.output(), U::empty(), &poison);
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let mut encoder = device.create_command_encoder(&Default::default());
        let err = gpu
            .resizer
            .encode_texture(&mut encoder, &spec, &source, &failed, Path::Fused)
            .expect_err("the fused path cannot take this shrink");
        assert!(
            matches!(err, ResizeError::PathUnavailable { .. }),
            "{format:?}: {err}"
        );
        gpu.resizer
            .encode_texture(&mut encoder, &spec, &source, &written, Path::Gather)
            .expect("the resize after the failed one");
        gpu.context.queue.submit([encoder.finish()]);
        let error = pollster::block_on(scope.pop());
        assert!(error.is_none(), "{format:?}: validation failed: {error:?}");
        assert!(
            read_texels(gpu, &failed).iter().all(|&v| v == 165.0),
            "{format:?}: the failed resize wrote its target"
        );
        assert_texels_match_reference(
            &spec,
            &values,
            (format, format),
            &read_texels(gpu, &written),
            &format!("{format:?} after a failed resize"),
        );
    }
}

/// A device of the test's own whose storage bindings hold at most `limit` bytes, with a resizer.
fn gpu_with_binding_limit(limit: u64) -> common::Gpu {
    let context = pollster::block_on(wgpu_resize::GpuContext::request(
        wgpu_resize::adapter::ContextOptions {
            limits: Some(wgpu::Limits {
                max_storage_buffer_binding_size: limit,
                ..wgpu::Limits::downlevel_defaults()
            }),
            ..Default::default()
        },
    ))
    .expect("a device with a small storage binding limit");
    let resizer = wgpu_resize::Resizer::new(&context.device, &context.queue).unwrap();
    common::Gpu { context, resizer }
}

/// A copy target whose rows, padded to 256 bytes, pass the device's storage binding limit
/// (a tensor within it) is a typed error that names the padded rows; a target of whole
/// 256-byte rows on the same device is copied without padding, and matches the reference.
#[test]
fn padded_rows_beyond_the_device_limit_are_a_typed_error() {
    if gpu("padded_rows_beyond_the_device_limit_are_a_typed_error").is_none() {
        return;
    }
    use wgpu::TextureUsages as U;
    let limit = 256 << 10;
    let small = gpu_with_binding_limit(limit);
    let gpu = &small;
    let mut rng = Rng::new(31);
    // One byte a row, 2048 rows: 2 KiB as a tensor, 512 KiB as rows of 256 bytes.
    let narrow = ResizeSpec::builder(Size2::new(1024, 1), Size2::new(2048, 1))
        .channels(1)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let values = random_texels(&mut rng, F::R8Unorm, narrow.input_len());
    let source = texture_with(gpu, F::R8Unorm, narrow.input(), U::TEXTURE_BINDING, &values);
    let zeros = vec![0.0; narrow.output_len()];
    let target = texture_with(gpu, F::R8Unorm, narrow.output(), U::empty(), &zeros);
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let err = gpu
        .resizer
        .encode_texture(&mut encoder, &narrow, &source, &target, Path::Auto)
        .expect_err("padded rows over the limit");
    assert!(
        matches!(
            err,
            ResizeError::ExceedsDeviceLimit { needed, limit: l, .. }
                if needed == 512 << 10 && l == limit
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("padded"), "{err}");
    // 256 bytes a row: copied as they are.
    let whole = ResizeSpec::builder(Size2::new(300, 200), Size2::new(512, 256))
        .channels(1)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let values = random_texels(&mut rng, F::R8Unorm, whole.input_len());
    let source = texture_with(gpu, F::R8Unorm, whole.input(), U::TEXTURE_BINDING, &values);
    let zeros = vec![0.0; whole.output_len()];
    let target = texture_with(gpu, F::R8Unorm, whole.output(), U::empty(), &zeros);
    let (got, write) = run(gpu, &whole, &source, &target);
    assert_eq!(write, TextureWrite::Copy);
    assert_texels_match_reference(
        &whole,
        &values,
        (F::R8Unorm, F::R8Unorm),
        &got,
        "whole rows",
    );
}

/// A 2-D texture of `levels` mip levels and `layers` array layers, readable back.
fn layered_texture(
    gpu: &common::Gpu,
    format: F,
    size: Size2,
    (levels, layers): (u32, u32),
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    gpu.context.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("test layered texture"),
        size: wgpu::Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: layers,
        },
        mip_level_count: levels,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: usage | wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    })
}

/// Clears one image of a render target to `value` in every channel.
fn clear_image(gpu: &common::Gpu, image: &TextureImage, value: f64) {
    let view = image.texture.create_view(&wgpu::TextureViewDescriptor {
        base_mip_level: image.mip_level,
        mip_level_count: Some(1),
        base_array_layer: image.layer,
        array_layer_count: Some(1),
        dimension: Some(wgpu::TextureViewDimension::D2),
        ..Default::default()
    });
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("test clear"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view: &view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load: wgpu::LoadOp::Clear(wgpu::Color {
                    r: value,
                    g: value,
                    b: value,
                    a: value,
                }),
                store: wgpu::StoreOp::Store,
            },
        })],
        ..Default::default()
    });
    gpu.context.queue.submit([encoder.finish()]);
}

/// `encode_mipmaps` fills every mip level of every layer from the level before, each against
/// the reference of what the level before holds: through storage writes (u8 and f32, RGBA in
/// one compute pass for all levels, and one channel through staging tensors that every level
/// reuses in that pass), copies (sRGB u8, and one channel), poisoned first; a template's sizes
/// stand for nothing. On GL, a typed error.
#[test]
fn mipmaps_resize_each_level_from_the_one_before() {
    let Some(gpu) = gpu("mipmaps_resize_each_level_from_the_one_before") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let storage = U::STORAGE_BINDING | U::COPY_DST;
    let cases = [
        (
            F::Rgba8Unorm,
            storage,
            TextureWrite::Storage,
            ElementType::U8,
        ),
        (
            F::Rgba8UnormSrgb,
            U::COPY_DST,
            TextureWrite::Copy,
            ElementType::U8,
        ),
        (F::R8Unorm, U::COPY_DST, TextureWrite::Copy, ElementType::U8),
        (
            F::Rgba32Float,
            storage,
            TextureWrite::Storage,
            ElementType::F32,
        ),
        // Staged at both ends, each level's scratch tensors reused by the next in one pass.
        (
            F::R32Float,
            storage,
            TextureWrite::Storage,
            ElementType::F32,
        ),
    ];
    for (k, (format, usage, expected, element)) in cases.into_iter().enumerate() {
        let mut rng = Rng::new(600 + k as u64);
        let base = Size2::new(rng.range(20, 40), rng.range(40, 70));
        let levels = 32 - base.width.max(base.height).leading_zeros();
        let layers = 2;
        let texture = layered_texture(gpu, format, base, (levels, layers), usage);
        let channels = format.components() as u32;
        fill_chain(gpu, &texture, (levels, layers), &mut rng);
        let template = ResizeSpec::builder(Size2::new(1, 1), Size2::new(1, 1))
            .channels(channels)
            .element(element)
            .antialias(true)
            .build()
            .unwrap();
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        let writes = gpu
            .resizer
            .encode_mipmaps(&mut encoder, &texture, &template, Path::Auto);
        if gl_backend(gpu) {
            let err = writes.expect_err("no mip levels on GL");
            assert!(err.to_string().contains("GL backend"), "{err}");
            continue;
        }
        let writes = writes.expect("encode_mipmaps");
        gpu.context.queue.submit([encoder.finish()]);
        assert_eq!(writes.len() as u32, (levels - 1) * layers, "{format:?}");
        assert!(
            writes.iter().all(|(_, write)| *write == expected),
            "{format:?}"
        );
        assert_chain_matches_reference(gpu, &texture, (levels, layers), &template);
    }
}

/// Random texels in mip level 0 of each of `layers` layers of `texture`, and poison in levels 1
/// to `levels - 1`, which a mip chain is to fill.
fn fill_chain(
    gpu: &common::Gpu,
    texture: &wgpu::Texture,
    (levels, layers): (u32, u32),
    rng: &mut Rng,
) {
    let format = texture.format();
    let channels = format.components() as u32;
    let poison = match texel_of(format).0 {
        Texel::U8 => 165.0,
        _ => f32::NAN,
    };
    for layer in 0..layers {
        for level in 0..levels {
            let image = TextureImage::at(texture, level, layer);
            let n = (image.size().width * image.size().height * channels) as usize;
            let values = match level {
                0 => random_texels(rng, format, n),
                _ => vec![poison; n],
            };
            write_image(gpu, &image, &values);
        }
    }
}

/// Asserts that each level after the first of each layer is `template`'s resize (at the
/// levels' sizes) of the level before, as read back.
fn assert_chain_matches_reference(
    gpu: &common::Gpu,
    texture: &wgpu::Texture,
    (levels, layers): (u32, u32),
    template: &ResizeSpec,
) {
    let format = texture.format();
    for layer in 0..layers {
        let mut before = read_image(gpu, &TextureImage::at(texture, 0, layer));
        for level in 1..levels {
            let (from, to) = (
                TextureImage::at(texture, level - 1, layer),
                TextureImage::at(texture, level, layer),
            );
            let spec = template
                .to_builder()
                .sizes(from.size(), to.size())
                .build()
                .unwrap();
            let got = read_image(gpu, &to);
            let what = format!(
                "{format:?} layer {layer} level {level} {:?} {spec:?}",
                to.size()
            );
            assert_texels_match_reference(&spec, &before, (format, format), &got, &what);
            before = got;
        }
    }
}

/// Any image of a texture in, any image of another out: a source's layer 1 at mip level 1
/// into a render target's layer 2 at mip level 2, whose other images keep what they held; the
/// same into a copy target; and what is refused about images: the same image at both ends, a
/// mip level or layer the texture lacks, a size that is not the image's. On GL, a typed error.
#[test]
fn images_at_other_levels_and_layers() {
    let Some(gpu) = gpu("images_at_other_levels_and_layers") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let mut rng = Rng::new(700);
    let source = layered_texture(
        gpu,
        F::Rgba8UnormSrgb,
        Size2::new(40, 60),
        (3, 2),
        U::COPY_DST,
    );
    let from = TextureImage::at(&source, 1, 1);
    let spec = ResizeSpec::builder(from.size(), Size2::new(12, 11))
        .channels(4)
        .element(ElementType::U8)
        .filter(Filter::Cubic { a: -0.5 })
        .antialias(true)
        .build()
        .unwrap();
    if gl_backend(gpu) {
        let target = layered_texture(gpu, F::Rgba8Unorm, Size2::new(12, 11), (1, 1), U::COPY_DST);
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        let err = gpu
            .resizer
            .encode_texture_images(
                &mut encoder,
                &spec,
                &from,
                &TextureImage::first(&target),
                Path::Auto,
            )
            .expect_err("GL binds no other image");
        assert!(err.to_string().contains("mip level 1 of layer 1"), "{err}");
        return;
    }
    let values = random_texels(&mut rng, F::Rgba8UnormSrgb, (20 * 30 * 4) as usize);
    write_image(gpu, &from, &values);
    for (usage, expected) in [
        (U::RENDER_ATTACHMENT, TextureWrite::Render),
        (U::COPY_DST, TextureWrite::Copy),
    ] {
        let target = layered_texture(gpu, F::Rgba8UnormSrgb, Size2::new(48, 44), (3, 3), usage);
        let images: Vec<TextureImage> = (0..3)
            .flat_map(|layer| (0..3).map(move |level| (level, layer)))
            .map(|(level, layer)| TextureImage::at(&target, level, layer))
            .collect();
        for image in &images {
            if usage == U::COPY_DST {
                let n = (image.size().width * image.size().height * 4) as usize;
                write_image(gpu, image, &vec![165.0; n]);
            } else {
                clear_image(gpu, image, 165.0 / 255.0);
            }
        }
        let held: Vec<Vec<f32>> = images.iter().map(|i| read_image(gpu, i)).collect();
        let to = TextureImage::at(&target, 2, 2);
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        let (_, write) = gpu
            .resizer
            .encode_texture_images(&mut encoder, &spec, &from, &to, Path::Auto)
            .expect("encode_texture_images");
        gpu.context.queue.submit([encoder.finish()]);
        assert_eq!(write, expected);
        let got = read_image(gpu, &to);
        let formats = (F::Rgba8UnormSrgb, F::Rgba8UnormSrgb);
        assert_texels_match_reference(&spec, &values, formats, &got, &format!("{write:?}"));
        for (image, before) in images.iter().zip(&held) {
            if *image != to {
                assert_eq!(&read_image(gpu, image), before, "{write:?} wrote {image:?}");
            }
        }
    }

    let attempt = |spec: &ResizeSpec, from: &TextureImage, to: &TextureImage| {
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        let err = gpu
            .resizer
            .encode_texture_images(&mut encoder, spec, from, to, Path::Auto)
            .expect_err("a bad image");
        assert!(matches!(err, ResizeError::Texture { .. }), "{err:?}");
        err.to_string()
    };
    let same = ResizeSpec::builder(from.size(), from.size())
        .channels(4)
        .element(ElementType::U8)
        .build()
        .unwrap();
    assert!(attempt(&same, &from, &from).contains("different image"));
    let missing = TextureImage::at(&source, 3, 0);
    assert!(attempt(&spec, &from, &missing).contains("mip level 3 of layer 0"));
    let no_layer = TextureImage::at(&source, 0, 2);
    assert!(attempt(&spec, &from, &no_layer).contains("2 array layer(s)"));
    let wrong_size = TextureImage::at(&source, 0, 0);
    assert!(attempt(&spec, &from, &wrong_size).contains("at mip level 0"));
}

/// Whether the tests run on wgpu's GL backend, which binds no image of a texture but mip level
/// 0 of layer 0 (the library refuses others there).
fn gl_backend(gpu: &common::Gpu) -> bool {
    gpu.context.adapter.get_info().backend == wgpu::Backend::Gl
}

/// A mip chain recorded frame after frame creates no pipeline, buffer or bind group after the
/// first (not on GL, which refuses mip levels).
#[test]
fn mip_chains_create_nothing_after_warm_up() {
    let Some(gpu) = gpu("mip_chains_create_nothing_after_warm_up") else {
        return;
    };
    if gl_backend(gpu) {
        eprintln!(
            "mip_chains_create_nothing_after_warm_up: skipped on GL, which refuses mip levels"
        );
        return;
    }
    use wgpu::TextureUsages as U;
    let resizer = wgpu_resize::Resizer::new(&gpu.context.device, &gpu.context.queue).unwrap();
    let base = Size2::new(24, 40);
    let levels = 6;
    let textures = [
        layered_texture(gpu, F::Rgba8Unorm, base, (levels, 1), U::STORAGE_BINDING),
        layered_texture(gpu, F::Rgba8UnormSrgb, base, (levels, 2), U::COPY_DST),
    ];
    let template = ResizeSpec::builder(base, base)
        .channels(4)
        .element(ElementType::U8)
        .antialias(true)
        .build()
        .unwrap();
    let mut warm = None;
    for frame in 0..3 {
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        for texture in &textures {
            resizer
                .encode_mipmaps(&mut encoder, texture, &template, Path::Gather)
                .unwrap();
        }
        gpu.context.queue.submit([encoder.finish()]);
        let stats = resizer.stats();
        match warm {
            None => warm = Some(stats),
            Some(warm) => assert_eq!(stats, warm, "frame {frame} created GPU objects"),
        }
    }
}

/// Generated texture resizes: any pair of the test formats with the same channel count, a
/// target written through storage, a copy or a render pass (or whichever of them it allows),
/// small sizes, any filter and mapping, antialiased or not, a u8 spec where both formats are
/// 8-bit (else f32), on every path. Each either matches the reference within what the target's
/// texels hold, into a poisoned target, or is refused with a typed error (a path that cannot
/// run it, a combination the texture API does not take); never a panic.
mod generated {
    use super::*;
    use proptest::prelude::*;
    use wgpu::TextureUsages as U;
    use wgpu_resize::{AxisResample, CoordinateMapping, Layout};

    const FORMATS: [F; 12] = [
        F::R8Unorm,
        F::Rg8Unorm,
        F::Rgba8Unorm,
        F::Rgba8UnormSrgb,
        F::Bgra8Unorm,
        F::Bgra8UnormSrgb,
        F::R16Float,
        F::Rg16Float,
        F::Rgba16Float,
        F::R32Float,
        F::Rg32Float,
        F::Rgba32Float,
    ];

    fn format_pair() -> impl Strategy<Value = (F, F)> {
        (0..FORMATS.len(), 0..FORMATS.len()).prop_filter_map("the same channel count", |(a, b)| {
            let (a, b) = (FORMATS[a], FORMATS[b]);
            (a.components() == b.components()).then_some((a, b))
        })
    }

    fn filter() -> impl Strategy<Value = Filter> {
        prop_oneof![
            Just(Filter::Linear),
            Just(Filter::Cubic { a: -0.5 }),
            Just(Filter::Lanczos { lobes: 3 }),
            Just(Filter::Nearest(NearestRule::RoundPreferFloor)),
            Just(Filter::Box),
        ]
    }

    fn mapping() -> impl Strategy<Value = CoordinateMapping> {
        prop_oneof![
            Just(CoordinateMapping::HalfPixel),
            Just(CoordinateMapping::AlignCorners),
            Just(CoordinateMapping::Asymmetric),
            (-0.3f64..1.3, -0.3f64..1.3)
                .prop_map(|(start, end)| CoordinateMapping::TfCropAndResize { start, end }),
        ]
    }

    proptest! {
        #![proptest_config(common::proptest_config(32))]

        #[test]
        fn generated_texture_resizes_match_the_reference(
            (source_format, target_format) in format_pair(),
            writes in prop_oneof![
                Just(U::STORAGE_BINDING),
                Just(U::RENDER_ATTACHMENT),
                Just(U::empty()),
                Just(U::STORAGE_BINDING | U::RENDER_ATTACHMENT),
            ],
            sizes in (1u32..=20, 1u32..=20, 1u32..=20, 1u32..=20),
            (y_filter, x_filter) in (filter(), filter()),
            (y_mapping, x_mapping) in (mapping(), mapping()),
            antialias in any::<bool>(),
            path in prop_oneof![Just(Path::Gather), Just(Path::Separable), Just(Path::Fused), Just(Path::Auto)],
            seed in any::<u64>(),
        ) {
            let Some(gpu) = gpu("generated texture resizes") else { return Ok(()) };
            let (ih, iw, oh, ow) = sizes;
            let (input, output) = (Size2::new(ih, iw), Size2::new(oh, ow));
            let eight_bit = |f: F| texel_of(f).0 == Texel::U8;
            let element = if eight_bit(source_format) && eight_bit(target_format) {
                ElementType::U8
            } else {
                ElementType::F32
            };
            let axis = |filter, mapping| {
                AxisResample::default()
                    .with_filter(filter)
                    .with_mapping(mapping)
                    .with_antialias(antialias)
            };
            let spec = ResizeSpec::builder(input, output)
                .channels(source_format.components() as u32)
                .layout(Layout::Nhwc)
                .element(element)
                .y_axis(axis(y_filter, y_mapping))
                .x_axis(axis(x_filter, x_mapping))
                .build()
                .unwrap();
            let values = random_texels(&mut common::Rng::new(seed), source_format, spec.input_len());
            let source = texture_with(gpu, source_format, input, U::TEXTURE_BINDING, &values);
            // Whether the device can create such a target at all (a storage binding of a
            // format that has none, a render target of a format GL cannot draw to, are wgpu
            // validation errors): such targets pass over.
            let usage = U::TEXTURE_BINDING | writes;
            let device = &gpu.context.device;
            let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
            let _probe = device.create_texture(&wgpu::TextureDescriptor {
                label: Some("test texture probe"),
                size: wgpu::Extent3d { width: ow, height: oh, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: target_format,
                usage: usage | U::COPY_SRC | U::COPY_DST,
                view_formats: &[],
            });
            prop_assume!(pollster::block_on(scope.pop()).is_none());
            let target = texture_with(gpu, target_format, output, usage, &vec![0.0; spec.output_len()]);
            let channels = spec.channels() as usize;
            let poison = match texel_of(target_format).0 {
                Texel::U8 => vec![165.0; output.height as usize * output.width as usize * channels],
                _ => vec![f32::NAN; output.height as usize * output.width as usize * channels],
            };
            fill_texels(gpu, &target, &poison);
            let mut encoder = gpu.context.device.create_command_encoder(&Default::default());
            match gpu.resizer.encode_texture(&mut encoder, &spec, &source, &target, path) {
                Ok(_) => {
                    gpu.context.queue.submit([encoder.finish()]);
                    let got = read_texels(gpu, &target);
                    let what = format!(
                        "{source_format:?} -> {target_format:?} {writes:?} {path} {spec:?}"
                    );
                    assert_texels_match_reference(
                        &spec,
                        &values,
                        (source_format, target_format),
                        &got,
                        &what,
                    );
                }
                Err(error) => {
                    // A typed refusal that says what was wrong.
                    prop_assert!(!error.to_string().is_empty());
                    prop_assert!(
                        matches!(
                            error,
                            ResizeError::PathUnavailable { .. } | ResizeError::Texture { .. }
                        ),
                        "{:?} -> {:?} {:?} {}: {}", source_format, target_format, writes, path, error
                    );
                }
            }
        }

        /// Generated resizes between a tensor and a texture, either way: any of the test
        /// formats, 1 to its channels, NHWC or NCHW, u8 (8-bit formats) or f32 or f16 values in
        /// 0..1, a target written through storage, a copy or a render pass, small sizes, any
        /// filter and mapping, antialiased or not, on every path. Each either matches the
        /// reference into a poisoned target (a texture's texels, or a slice whose neighbouring
        /// bytes stay poisoned) within what the target holds, or is refused with a typed error;
        /// never a panic.
        #[test]
        fn generated_tensor_texture_resizes_match_the_reference(
            format in prop::sample::select(FORMATS.to_vec()),
            into_texture in any::<bool>(),
            writes in prop_oneof![Just(U::STORAGE_BINDING), Just(U::RENDER_ATTACHMENT), Just(U::empty())],
            (channel_pick, planar, half) in (any::<u32>(), any::<bool>(), any::<bool>()),
            sizes in (1u32..=20, 1u32..=20, 1u32..=20, 1u32..=20),
            (y_filter, x_filter) in (filter(), filter()),
            (y_mapping, x_mapping) in (mapping(), mapping()),
            antialias in any::<bool>(),
            path in prop_oneof![Just(Path::Gather), Just(Path::Separable), Just(Path::Fused), Just(Path::Auto)],
            seed in any::<u64>(),
        ) {
            let Some(gpu) = gpu("generated tensor-texture resizes") else { return Ok(()) };
            let (ih, iw, oh, ow) = sizes;
            let (input, output) = (Size2::new(ih, iw), Size2::new(oh, ow));
            let eight_bit = texel_of(format).0 == Texel::U8;
            let element = match (eight_bit, half) {
                (true, false) => ElementType::U8,
                (_, true) => ElementType::F16,
                (false, false) => ElementType::F32,
            };
            let channels = 1 + channel_pick % format.components() as u32;
            let axis = |filter, mapping| {
                AxisResample::default()
                    .with_filter(filter)
                    .with_mapping(mapping)
                    .with_antialias(antialias)
            };
            let spec = ResizeSpec::builder(input, output)
                .channels(channels)
                .layout(if planar { Layout::Nchw } else { Layout::Nhwc })
                .element(element)
                .y_axis(axis(y_filter, y_mapping))
                .x_axis(axis(x_filter, x_mapping))
                .build()
                .unwrap();
            let mut rng = common::Rng::new(seed);
            let tolerance = |texel: Texel| match (texel, element) {
                (Texel::U8, _) | (_, ElementType::U8) => 1.0,
                (Texel::F16, _) | (_, ElementType::F16) => 2e-3,
                (Texel::F32, _) => 1e-5,
            };
            let what = format!(
                "{format:?} into texture {into_texture} {writes:?} {path} {spec:?}"
            );
            let outcome = if into_texture {
                // The tensor's values: bytes, or values in 0..1 as stored.
                let values: Vec<f32> = match element {
                    ElementType::U8 => rng.u8s(spec.input_len()).into_iter().map(f32::from).collect(),
                    ElementType::F16 => rng.f32s(spec.input_len()).iter()
                        .map(|v| f16::from_f32(0.5 + 0.5 * v).to_f32()).collect(),
                    _ => rng.f32s(spec.input_len()).iter().map(|v| 0.5 + 0.5 * v).collect(),
                };
                // A target the device cannot create (a storage binding of a format that has
                // none, a render target GL cannot draw to) passes over.
                let device = &gpu.context.device;
                let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
                let target = blank_texture(gpu, format, output, U::TEXTURE_BINDING | writes);
                prop_assume!(pollster::block_on(scope.pop()).is_none());
                poison_texels(gpu, &target);
                let (buffer, offset) = tensor_at_offset(gpu, &spec, &values);
                let mut encoder = device.create_command_encoder(&Default::default());
                let image = TextureImage::first(&target);
                gpu.resizer
                    .encode_buffer_to_texture(&mut encoder, &spec, buffer.slice(offset..), &image, path)
                    .map(|_| {
                        gpu.context.queue.submit([encoder.finish()]);
                        let got = read_texels(gpu, &target);
                        let expected = texels_of_tensor(&spec, &values, format);
                        worst(&got, &expected) <= tolerance(texel_of(format).0)
                    })
            } else {
                let values = random_texels(&mut rng, format, input.height as usize * input.width as usize * format.components() as usize);
                // Texels in 0..1 for float formats, as a frame holds them.
                let values: Vec<f32> = match texel_of(format).0 {
                    Texel::U8 => values,
                    _ => values.iter().map(|v| 0.5 + 0.5 * v).collect(),
                };
                let values: Vec<f32> = match texel_of(format).0 {
                    Texel::F16 => values.iter().map(|&v| f16::from_f32(v).to_f32()).collect(),
                    _ => values,
                };
                let source = texture_with(gpu, format, input, U::TEXTURE_BINDING, &values);
                let offset = u64::from(gpu.context.device.limits().min_storage_buffer_offset_alignment);
                let size = (offset + spec.output_bytes()).next_multiple_of(4) + 256;
                let buffer = tensor_buffer(&gpu.context.device, size);
                run_texture_to_tensor(gpu, &gpu.resizer, (&spec, path), &source, (&buffer, offset, 0xA5), false)
                    .map(|(got, _)| {
                        let expected: Vec<f32> = reference_output(&spec, &tensor_of_texels(&values, format, &spec))
                            .into_iter()
                            .map(|v| v as f32)
                            .collect();
                        let expected: Vec<f32> = match element {
                            ElementType::F16 => expected.iter().map(|&v| f16::from_f32(v).to_f32()).collect(),
                            _ => expected,
                        };
                        worst(&got, &expected) <= tolerance(Texel::F32)
                    })
            };
            match outcome {
                Ok(matched) => prop_assert!(matched, "{}", what),
                Err(error) => {
                    // A typed refusal that says what was wrong.
                    prop_assert!(!error.to_string().is_empty());
                    prop_assert!(
                        matches!(
                            error,
                            ResizeError::PathUnavailable { .. } | ResizeError::Texture { .. }
                        ),
                        "{}: {}", what, error
                    );
                }
            }
        }

        /// Generated mip chains: any base size from 1 to 64 a side (so that one side reaches 1
        /// levels before the other), a few levels or all, one or two layers, any of the test
        /// formats a chain can write (storage or copy), any filter, antialiased or not: every
        /// level against the reference of the level before, which was poisoned before the
        /// chain ran. On GL, a typed error.
        #[test]
        fn generated_mip_chains_match_the_reference(
            format in prop::sample::select(FORMATS.to_vec()),
            storage in any::<bool>(),
            (height, width) in (1u32..=64, 1u32..=64),
            all_levels in any::<bool>(),
            layers in 1u32..=2,
            filter in filter(),
            antialias in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let Some(gpu) = gpu("generated mip chains") else { return Ok(()) };
            let base = Size2::new(height, width);
            let most = 32 - width.max(height).leading_zeros();
            let levels = if all_levels { most } else { most.min(3) };
            let usage = if storage { U::STORAGE_BINDING | U::COPY_DST } else { U::COPY_DST };
            let device = &gpu.context.device;
            let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
            let texture = layered_texture(gpu, format, base, (levels, layers), usage);
            prop_assume!(pollster::block_on(scope.pop()).is_none());
            let channels = format.components() as u32;
            let element = if texel_of(format).0 == Texel::U8 { ElementType::U8 } else { ElementType::F32 };
            fill_chain(gpu, &texture, (levels, layers), &mut common::Rng::new(seed));
            let template = ResizeSpec::builder(Size2::new(1, 1), Size2::new(1, 1))
                .channels(channels)
                .element(element)
                .filter(filter)
                .antialias(antialias)
                .build()
                .unwrap();
            let mut encoder = device.create_command_encoder(&Default::default());
            let writes = gpu.resizer.encode_mipmaps(&mut encoder, &texture, &template, Path::Auto);
            let writes = match writes {
                Ok(writes) => writes,
                Err(error) => {
                    // GL cannot bind one level; a format whose levels no route writes.
                    prop_assert!(
                        matches!(error, ResizeError::Texture { .. }),
                        "{:?} {:?}: {}", format, usage, error
                    );
                    return Ok(());
                }
            };
            // GL cannot bind one level, so it succeeds only on a chain of one level (a 1x1
            // base), where there is nothing to write.
            prop_assert!(!gl_backend(gpu) || levels == 1, "{:?} {}x{}", format, height, width);
            gpu.context.queue.submit([encoder.finish()]);
            prop_assert_eq!(writes.len() as u32, (levels - 1) * layers);
            assert_chain_matches_reference(gpu, &texture, (levels, layers), &template);
        }
    }
}

/// A texture of `format` and `size` holding zeros, as [`texture_with`] makes it.
fn blank_texture(
    gpu: &common::Gpu,
    format: F,
    size: Size2,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    let texels = (size.height * size.width * format.components() as u32) as usize;
    texture_with(gpu, format, size, usage, &vec![0.0; texels])
}

/// `spec` on `path` from `values` into a poisoned target, between the ends given (a texture of
/// the format, or for `None` a tensor in a buffer from an aligned offset; a texture to tensor in
/// the caller's pass where `in_callers_pass`): the target's values read back, and the
/// reference's as the target stores them (f16 elements rounded to f16). Asserts that a texture
/// target is written by the kernels (storage) and, for a concrete path into a tensor, that it
/// ran.
fn run_between_ends(
    gpu: &common::Gpu,
    spec: &ResizeSpec,
    values: &[f32],
    (source_format, target_format): (Option<F>, Option<F>),
    (path, in_callers_pass): (Path, bool),
) -> (Vec<f32>, Vec<f32>) {
    use wgpu::TextureUsages as U;
    let storage = U::TEXTURE_BINDING | U::STORAGE_BINDING;
    let (input, output, element) = (spec.input(), spec.output(), spec.element());
    let (got, expected) = match (source_format, target_format) {
        (Some(source_format), Some(target_format)) => {
            let source = texture_with(gpu, source_format, input, U::TEXTURE_BINDING, values);
            let target = blank_texture(gpu, target_format, output, storage);
            let (got, write) = run_on(gpu, spec, &source, &target, path);
            assert_eq!(write, TextureWrite::Storage);
            let expected = reference_output(spec, &staged(values, source_format, element));
            (got, stored(&expected, target_format, element))
        }
        (None, Some(target_format)) => {
            let target = blank_texture(gpu, target_format, output, storage);
            let tensor = tensor_at_offset(gpu, spec, values);
            let (got, write) = run_buffer_to_texture(
                gpu,
                &gpu.resizer,
                spec,
                (&tensor.0, tensor.1),
                &target,
                path,
            );
            assert_eq!(write, TextureWrite::Storage);
            (got, texels_of_tensor(spec, values, target_format))
        }
        (Some(source_format), None) => {
            let source = texture_with(gpu, source_format, input, U::TEXTURE_BINDING, values);
            let device = &gpu.context.device;
            let offset = u64::from(device.limits().min_storage_buffer_offset_alignment);
            let size = (offset + spec.output_bytes()).next_multiple_of(4) + 256;
            let buffer = tensor_buffer(device, size);
            let (got, ran) = run_texture_to_tensor(
                gpu,
                &gpu.resizer,
                (spec, path),
                &source,
                (&buffer, offset, 0xA5),
                in_callers_pass,
            )
            .expect("encode_texture_to_buffer");
            if path != Path::Auto {
                assert_eq!(ran, path);
            }
            let tensor = tensor_of_texels(values, source_format, spec);
            let expected = reference_output(spec, &tensor);
            (got, stored(&expected, F::Rgba32Float, element))
        }
        (None, None) => unreachable!("every case has a texture end"),
    };
    let expected = match element {
        ElementType::F16 => expected
            .iter()
            .map(|&v| f16::from_f32(v).to_f32())
            .collect(),
        _ => expected,
    };
    (got, expected)
}

/// `input` (bytes for u8, values otherwise) as `spec`'s tensor in a new buffer, from an offset.
fn tensor_at_offset(gpu: &common::Gpu, spec: &ResizeSpec, input: &[f32]) -> (wgpu::Buffer, u64) {
    let device = &gpu.context.device;
    let mut bytes: Vec<u8> = match spec.element() {
        ElementType::U8 => input.iter().map(|&v| v as u8).collect(),
        ElementType::F16 => input
            .iter()
            .flat_map(|&v| f16::from_f32(v).to_le_bytes())
            .collect(),
        _ => bytemuck::cast_slice(input).to_vec(),
    };
    bytes.resize(bytes.len().next_multiple_of(4), 0);
    let offset = device.limits().min_storage_buffer_offset_alignment as u64;
    let buffer = tensor_buffer(device, offset + bytes.len() as u64);
    gpu.context.queue.write_buffer(&buffer, offset, &bytes);
    (buffer, offset)
}

/// The tensor in `buffer` from `offset` resized into `target` (`encode_buffer_to_texture`) on
/// `path`, poisoned first. Returns the texels read back and how they were written.
fn run_buffer_to_texture(
    gpu: &common::Gpu,
    resizer: &wgpu_resize::Resizer,
    spec: &ResizeSpec,
    (buffer, offset): (&wgpu::Buffer, u64),
    target: &wgpu::Texture,
    path: Path,
) -> (Vec<f32>, TextureWrite) {
    poison_texels(gpu, target);
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let (_, write) = resizer
        .encode_buffer_to_texture(
            &mut encoder,
            spec,
            buffer.slice(offset..),
            &TextureImage::first(target),
            path,
        )
        .expect("encode_buffer_to_texture");
    gpu.context.queue.submit([encoder.finish()]);
    (read_texels(gpu, target), write)
}

/// `spec`'s reference resize of `input` as the texels of `format` (RGBA order, the format's
/// channels): the tensor's channels, then 0 for missing colour and 1 for a missing alpha.
fn texels_of_tensor(spec: &ResizeSpec, input: &[f32], format: F) -> Vec<f32> {
    let resized = reference_output(spec, input);
    let (channels, components) = (spec.channels() as usize, format.components() as usize);
    let plane = spec.output().height as usize * spec.output().width as usize;
    // A missing alpha is the texel 1: the byte 255 where the tensor's values are bytes.
    let alpha = match spec.element() {
        ElementType::U8 => 255.0,
        _ => 1.0,
    };
    let texels: Vec<f64> = (0..plane)
        .flat_map(|pixel| {
            let resized = &resized;
            (0..components).map(move |c| match (c < channels, spec.layout()) {
                (true, Layout::Nchw) => resized[c * plane + pixel],
                (true, _) => resized[pixel * channels + c],
                (false, _) if c == 3 => alpha,
                (false, _) => 0.0,
            })
        })
        .collect();
    stored(&texels, format, spec.element())
}

/// Tensors of every layout, element type and 1 to 4 channels resized into textures of each way
/// of writing them (storage by the kernels themselves or staged, copy, render), fewer channels
/// than the format's included, on the three paths, against the reference into poisoned
/// targets; then the same resize again creates nothing.
#[test]
fn tensors_resize_into_textures() {
    use wgpu::TextureUsages as U;
    let Some(gpu) = gpu("tensors_resize_into_textures") else {
        return;
    };
    let storage = U::TEXTURE_BINDING | U::STORAGE_BINDING;
    let render = U::TEXTURE_BINDING | U::RENDER_ATTACHMENT;
    // `texture_with` gives every target but render targets `COPY_DST`.
    let copy = U::TEXTURE_BINDING;
    let (u8, half, f32) = (ElementType::U8, ElementType::F16, ElementType::F32);
    let (nhwc, nchw) = (Layout::Nhwc, Layout::Nchw);
    let (storage_write, copy_write, render_write) = (
        TextureWrite::Storage,
        TextureWrite::Copy,
        TextureWrite::Render,
    );
    let (gather, separable, auto) = (Path::Gather, Path::Separable, Path::Auto);
    // ((format, usage, write), (channels, layout, element), (path, written by the kernels,
    // normalised)): RGBA pixels into storage targets are written by the kernels themselves,
    // the rest staged. One case a line, as a table.
    #[rustfmt::skip]
    let cases = [
        ((F::Rgba8Unorm, storage, storage_write), (3, nchw, f32), (gather, false, false)),
        ((F::Rgba8Unorm, storage, storage_write), (4, nhwc, u8), (gather, true, false)),
        ((F::Rgba16Float, storage, storage_write), (4, nhwc, half), (auto, true, false)),
        ((F::Rgba32Float, storage, storage_write), (4, nhwc, f32), (separable, true, false)),
        ((F::Rgba16Float, storage, storage_write), (4, nchw, half), (gather, false, false)),
        ((F::Rgba32Float, storage, storage_write), (1, nchw, f32), (separable, false, false)),
        ((F::R32Float, storage, storage_write), (1, nhwc, half), (gather, false, false)),
        ((F::Rgba8Unorm, copy, copy_write), (4, nhwc, u8), (gather, false, false)),
        ((F::Rgba8UnormSrgb, copy, copy_write), (4, nhwc, u8), (auto, false, false)),
        ((F::Rgba32Float, copy, copy_write), (4, nhwc, f32), (gather, false, false)),
        ((F::R8Unorm, copy, copy_write), (1, nchw, u8), (gather, false, false)),
        ((F::Rgba8UnormSrgb, render, render_write), (3, nhwc, u8), (gather, false, false)),
        ((F::Bgra8Unorm, render, render_write), (3, nchw, f32), (separable, false, false)),
        ((F::Rg8Unorm, render, render_write), (2, nchw, u8), (gather, false, false)),
        ((F::Rgba16Float, render, render_write), (2, nhwc, half), (gather, false, false)),
        ((F::R16Float, render, render_write), (1, nhwc, f32), (auto, false, false)),
        // A model's normalised output mapped back to values to show.
        ((F::Rgba32Float, storage, storage_write), (4, nhwc, f32), (gather, true, true)),
        ((F::Rgba8Unorm, storage, storage_write), (3, nchw, f32), (gather, false, true)),
        ((F::Rgba16Float, render, render_write), (3, nchw, half), (auto, false, true)),
    ];
    let rgba = Normalization::new(&[0.5, 0.25, -0.5, 0.1], &[0.25, 2.0, 0.5, -1.5]).unwrap();
    let mut rng = Rng::new(0x7e_0507);
    for (k, case) in cases.into_iter().enumerate() {
        let ((format, usage, write), (channels, layout, element), (path, direct, normalized)) =
            case;
        let statistics = match channels {
            3 => Normalization::IMAGENET,
            _ => rgba,
        };
        let normalization = normalized.then(|| statistics.inverse().unwrap());
        let input = Size2::new(rng.range(3, 24), rng.range(3, 24));
        let output = Size2::new(rng.range(2, 30), rng.range(2, 30));
        let spec = ResizeSpec::builder(input, output)
            .channels(channels)
            .layout(layout)
            .element(element)
            .filter([Filter::Linear, Filter::Cubic { a: -0.5 }][k % 2])
            .antialias(k % 3 == 0)
            .normalize(normalization)
            .build()
            .unwrap();
        let values: Vec<f32> = match element {
            ElementType::U8 => rng
                .u8s(spec.input_len())
                .into_iter()
                .map(f32::from)
                .collect(),
            // In 0..1, what a float or normalised format holds.
            _ => rng
                .f32s(spec.input_len())
                .iter()
                .map(|v| 0.5 + 0.5 * v)
                .collect(),
        };
        let values: Vec<f32> = match element {
            ElementType::F16 => values.iter().map(|&v| f16::from_f32(v).to_f32()).collect(),
            _ => values,
        };
        let target = blank_texture(gpu, format, output, usage);
        let what = format!(
            "case {k}: {channels} {layout:?} {element:?} into {format:?} ({path}), normalised \
             {normalized}"
        );
        let resizer = wgpu_resize::Resizer::new(&gpu.context.device, &gpu.context.queue).unwrap();
        let (buffer, offset) = tensor_at_offset(gpu, &spec, &values);
        let tensor = (&buffer, offset);
        let (got, written) = run_buffer_to_texture(gpu, &resizer, &spec, tensor, &target, path);
        assert_eq!(written, write, "{what}");
        // One pass into the target needs no scratch buffer; a staged result takes one.
        if path == Path::Gather {
            let staged = resizer.stats().scratch_buffers > 0;
            assert_eq!(staged, !direct, "{what}: staged");
        }
        let expected = texels_of_tensor(&spec, &values, format);
        // An f16 tensor's values are rounded to f16 wherever they are stored.
        let tolerance = match (texel_of(format).0, element) {
            (Texel::U8, _) => 1.0,
            (Texel::F16, _) | (_, ElementType::F16) => 2e-3,
            (Texel::F32, _) => 1e-5,
        };
        let error = worst(&got, &expected);
        assert!(error <= tolerance, "{what}: worst error {error}");
        let warm = resizer.stats();
        let (again, _) = run_buffer_to_texture(gpu, &resizer, &spec, tensor, &target, path);
        assert_eq!(again, got, "{what}: a second resize");
        assert_eq!(resizer.stats(), warm, "{what}: created GPU objects");
        // Forgetting the tensor and the target drops every binding of either: all the
        // resizer holds, but for the copy's and render pass's bind groups over its own
        // staging buffer.
        resizer.forget_buffer(&buffer);
        resizer.forget_texture(&target);
        let held = resizer.stats();
        assert_eq!(held.bind_group_sets_held, 0, "{what}: bind groups held");
        if write == TextureWrite::Storage {
            assert_eq!(held.texture_bindings_held, 0, "{what}: bindings held");
        }
    }
}

/// Requests the route cannot serve are typed errors that say what is allowed.
#[test]
fn bad_tensors_into_textures_are_typed_errors() {
    use wgpu::TextureUsages as U;
    let Some(gpu) = gpu("bad_tensors_into_textures_are_typed_errors") else {
        return;
    };
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(6, 6), Size2::new(4, 4))
        .channels(3)
        .build()
        .unwrap();
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test tensor"),
        size: 1024,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let storage = U::TEXTURE_BINDING | U::STORAGE_BINDING;
    let render = U::TEXTURE_BINDING | U::RENDER_ATTACHMENT;
    let rgba = blank_texture(gpu, F::Rgba8Unorm, spec.output(), storage);
    let u8_spec = spec.to_builder().element(ElementType::U8).build().unwrap();
    let refusals = [
        (
            spec.to_builder().batch(2).build().unwrap(),
            rgba.clone(),
            "batch 1",
        ),
        (
            spec,
            blank_texture(gpu, F::Rg8Unorm, spec.output(), render),
            "more",
        ),
        (
            u8_spec,
            blank_texture(gpu, F::Rgba16Float, spec.output(), storage),
            "8-bit unorm",
        ),
        (
            spec.to_builder()
                .sizes(Size2::new(6, 6), Size2::new(5, 4))
                .build()
                .unwrap(),
            rgba.clone(),
            "the spec's target is",
        ),
        // Only a copy, and three channels are not the format's four texels.
        (
            u8_spec,
            blank_texture(gpu, F::Rgba8Unorm, spec.output(), U::TEXTURE_BINDING),
            "can be written neither",
        ),
    ];
    for (spec, target, why) in refusals {
        let mut encoder = device.create_command_encoder(&Default::default());
        let refused = gpu.resizer.encode_buffer_to_texture(
            &mut encoder,
            &spec,
            buffer.slice(..),
            &TextureImage::first(&target),
            Path::Auto,
        );
        let error = refused.expect_err(why);
        assert!(
            matches!(&error, ResizeError::Texture { .. }) && error.to_string().contains(why),
            "{why}: {error}"
        );
    }
    // A tensor slice shorter than the spec's input, written by the kernels themselves (RGBA)
    // and staged (three channels).
    let rgba_spec = spec.to_builder().channels(4).build().unwrap();
    let storage_rgba = blank_texture(gpu, F::Rgba8Unorm, spec.output(), storage);
    for (spec, target) in [(rgba_spec, &storage_rgba), (spec, &rgba)] {
        let short = buffer.slice(..spec.input_bytes() - 4);
        let mut encoder = device.create_command_encoder(&Default::default());
        let refused = gpu.resizer.encode_buffer_to_texture(
            &mut encoder,
            &spec,
            short,
            &TextureImage::first(target),
            Path::Auto,
        );
        let error = refused.expect_err("a short tensor");
        assert!(
            matches!(&error, ResizeError::BufferTooSmall { .. }),
            "{} channels: {error}",
            spec.channels()
        );
    }
}

/// `encode_buffer_to_texture_in_pass` records into the caller's open compute pass, after a
/// dispatch of the caller's that writes the tensor: RGBA pixels written by the kernels and RGB
/// planes staged, each the texels `encode_buffer_to_texture` writes, bit for bit. A render
/// target is refused without recording anything.
#[test]
fn tensors_resize_into_textures_in_the_callers_pass() {
    use wgpu::TextureUsages as U;
    let Some(gpu) = gpu("tensors_resize_into_textures_in_the_callers_pass") else {
        return;
    };
    let device = &gpu.context.device;
    let storage = U::TEXTURE_BINDING | U::STORAGE_BINDING;
    let mut rng = Rng::new(0x1a_5505);
    for (channels, layout) in [(4, Layout::Nhwc), (3, Layout::Nchw)] {
        let spec = ResizeSpec::builder(Size2::new(13, 17), Size2::new(21, 10))
            .channels(channels)
            .layout(layout)
            .build()
            .unwrap();
        let values: Vec<f32> = rng
            .f32s(spec.input_len())
            .iter()
            .map(|v| 0.5 + 0.5 * v)
            .collect();
        let (buffer, offset) = tensor_at_offset(gpu, &spec, &values);
        let target = blank_texture(gpu, F::Rgba32Float, spec.output(), storage);
        let whole = run_buffer_to_texture(
            gpu,
            &gpu.resizer,
            &spec,
            (&buffer, offset),
            &target,
            Path::Auto,
        );
        poison_texels(gpu, &target);
        // The caller's pass first writes the tensor, poisoned here, from a copy of its values
        // (a resize to the same size, whose one tap of weight 1 keeps every value), then the
        // resize reads it: the two share the pass.
        let nan = vec![f32::NAN; spec.input_len()];
        gpu.context
            .queue
            .write_buffer(&buffer, offset, bytemuck::cast_slice(&nan));
        let (copy, copy_offset) = tensor_at_offset(gpu, &spec, &values);
        let identity = spec
            .to_builder()
            .sizes(spec.input(), spec.input())
            .build()
            .unwrap();
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            gpu.resizer
                .encode_slices_in_pass(
                    &mut pass,
                    &identity,
                    copy.slice(copy_offset..),
                    buffer.slice(offset..),
                    Path::Gather,
                )
                .unwrap();
            gpu.resizer
                .encode_buffer_to_texture_in_pass(
                    &mut pass,
                    &spec,
                    buffer.slice(offset..),
                    &TextureImage::first(&target),
                    Path::Auto,
                )
                .unwrap();
        }
        gpu.context.queue.submit([encoder.finish()]);
        let got = read_texels(gpu, &target);
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&whole.0), "{channels} {layout:?}");
        let error = worst(&got, &texels_of_tensor(&spec, &values, F::Rgba32Float));
        assert!(error <= 1e-5, "{channels} {layout:?}: worst error {error}");
    }
    let spec = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .channels(4)
        .build()
        .unwrap();
    let (buffer, offset) = tensor_at_offset(gpu, &spec, &vec![0.5; spec.input_len()]);
    let render = blank_texture(
        gpu,
        F::Rgba8Unorm,
        spec.output(),
        U::TEXTURE_BINDING | U::RENDER_ATTACHMENT,
    );
    let mut encoder = device.create_command_encoder(&Default::default());
    let refused = {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        gpu.resizer.encode_buffer_to_texture_in_pass(
            &mut pass,
            &spec,
            buffer.slice(offset..),
            &TextureImage::first(&render),
            Path::Auto,
        )
    };
    gpu.context.queue.submit([encoder.finish()]);
    let error = refused.expect_err("a render target inside a compute pass");
    assert!(
        error.to_string().contains("cannot join a compute pass"),
        "{error}"
    );
}

/// `auto` from a tensor into a texture that the kernels write (RGBA pixels into a storage
/// target) is a route of its own: `encode_buffer_to_texture` runs the heuristic's choice and
/// queues the shape, `tune_pending` measures it into a texture of the target's format, and the
/// decision is kept under a key that names the format, apart from the buffers' decision, which
/// a staged target (written by a copy) plans with. The texels are the reference's either way,
/// and forgetting the tensor and target leaves nothing that binds them.
#[test]
fn tensor_to_texture_route_is_tuned_on_its_own() {
    use wgpu::TextureUsages as U;
    use wgpu_resize::PlanSource;
    let Some(gpu) = gpu("tensor_to_texture_route_is_tuned_on_its_own") else {
        return;
    };
    let device = &gpu.context.device;
    let (resizer, _dir, file) = tuning_resizer(gpu);
    let spec = ResizeSpec::builder(Size2::new(20, 36), Size2::new(7, 9))
        .channels(4)
        .element(ElementType::U8)
        .antialias(true)
        .build()
        .unwrap();
    let mut rng = Rng::new(0x7e_2e7e);
    let values: Vec<f32> = rng
        .u8s(spec.input_len())
        .into_iter()
        .map(f32::from)
        .collect();
    let (buffer, offset) = tensor_at_offset(gpu, &spec, &values);
    let storage = blank_texture(gpu, F::Rgba8Unorm, spec.output(), U::STORAGE_BINDING);
    let image = TextureImage::first(&storage);
    let expected = texels_of_tensor(&spec, &values, F::Rgba8Unorm);
    let run = |what: &str| {
        let tensor = (&buffer, offset);
        let (got, write) =
            run_buffer_to_texture(gpu, &resizer, &spec, tensor, &storage, Path::Auto);
        assert_eq!(write, TextureWrite::Storage, "{what}");
        // u8 float rounding ties may land either side.
        let error = worst(&got, &expected);
        assert!(error <= 1.0, "{what}: worst error {error}");
    };

    let mut encoder = device.create_command_encoder(&Default::default());
    let (first, _) = resizer
        .encode_buffer_to_texture(
            &mut encoder,
            &spec,
            buffer.slice(offset..),
            &image,
            Path::Auto,
        )
        .unwrap();
    drop(encoder);
    assert_eq!(first.source, PlanSource::Heuristic, "{}", first.reason);
    run("before measuring");
    assert_eq!(resizer.tune_pending().unwrap(), 1, "the route was queued");
    let measured = resizer
        .plan_buffer_to_texture(&spec, &image, Path::Auto)
        .unwrap();
    assert_eq!(measured.source, PlanSource::Measured, "{}", measured.reason);
    assert!(
        measured.candidates.iter().any(|c| c.median_us.is_some()),
        "{}",
        measured.reason
    );
    run("after measuring");
    let suffix = "|into texture Rgba8Unorm";
    let saved = saved_keys(&file);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(saved[0].ends_with(suffix), "{saved:?}");
    // A target written by a copy takes a staged result, planned between buffers: measured
    // for itself, under the key without the suffix.
    let copied = blank_texture(gpu, F::Rgba8Unorm, spec.output(), U::TEXTURE_BINDING);
    let staged = resizer
        .plan_buffer_to_texture(&spec, &TextureImage::first(&copied), Path::Auto)
        .unwrap();
    assert_eq!(staged.source, PlanSource::Measured, "{}", staged.reason);
    let mut saved = saved_keys(&file);
    saved.sort();
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert_eq!(format!("{}{suffix}", saved[0]), saved[1], "{saved:?}");
    assert_eq!(
        resizer.plan(&spec, Path::Auto).unwrap().source,
        PlanSource::Measured,
        "the buffers' decision is the staged target's"
    );
    // The tuning's scratch tensor and texture were dropped when it finished; forgetting the
    // caller's tensor and target drops everything else.
    resizer.forget_buffer(&buffer);
    resizer.forget_texture(&storage);
    let stats = resizer.stats();
    assert_eq!(
        (stats.bind_group_sets_held, stats.texture_bindings_held),
        (0, 0),
        "{stats:?}"
    );
}

/// The texture routes time the fused path at each of its tile widths, as the buffers' tuning
/// does, and keep the count on their own route: the route's decision names the tile, a second
/// resizer reading the file takes it, and every count the tuning tries (pinned in turn) writes
/// the bytes of the kernel's own tile from a texture into a poisoned tensor, and from a tensor
/// into a poisoned storage texture, each against the reference.
#[test]
fn texture_routes_time_the_fused_tile_columns() {
    use wgpu::TextureUsages as U;
    use wgpu_resize::PlanSource;
    let Some(gpu) = gpu("texture_routes_time_the_fused_tile_columns") else {
        return;
    };
    let device = &gpu.context.device;
    let (resizer, _dir, file) = tuning_resizer(gpu);
    // A 2x antialiased shrink whose tiles of 64 lanes fill 61 columns: three counts to time.
    let spec = common::antialiased_bicubic(Size2::new(6, 488), Size2::new(3, 244));
    let counts = resizer.fused_column_candidates(&spec).unwrap();
    assert!(counts.len() >= 2, "{counts:?}");
    let mut rng = Rng::new(0xc017e);
    let values = random_texels(&mut rng, F::Rgba8Unorm, spec.input_len());
    let source = texture_with(
        gpu,
        F::Rgba8Unorm,
        spec.input(),
        U::TEXTURE_BINDING,
        &values,
    );
    let frame = TextureImage::first(&source);
    let from_texture = resizer
        .plan_texture_to_buffer(&spec, &frame, Path::Auto)
        .unwrap();
    let tile = common::fused_tile(&from_texture).expect("the route timed the fused path's tiles");
    assert!(counts.contains(&tile.columns), "{tile:?} {counts:?}");
    assert!(
        from_texture
            .reason
            .contains(&format!("{} columns a tile", tile.columns)),
        "{}",
        from_texture.reason
    );
    let input = random_texels(&mut rng, F::Rgba32Float, spec.input_len());
    let (tensor, offset) = tensor_at_offset(gpu, &spec, &input);
    let storage = blank_texture(gpu, F::Rgba32Float, spec.output(), U::STORAGE_BINDING);
    let target = TextureImage::first(&storage);
    let into_texture = resizer
        .plan_buffer_to_texture(&spec, &target, Path::Auto)
        .unwrap();
    let into_tile =
        common::fused_tile(&into_texture).expect("the route timed the fused path's tiles");
    assert!(counts.contains(&into_tile.columns), "{into_tile:?}");

    // The file carries each route's count to a second resizer.
    let second = resizer_with_tuning_file(gpu, &file);
    let cached = second
        .plan_texture_to_buffer(&spec, &frame, Path::Auto)
        .unwrap();
    assert_eq!(cached.source, PlanSource::Cache, "{}", cached.reason);
    assert_eq!(common::fused_tile(&cached), Some(tile));
    let cached = second
        .plan_buffer_to_texture(&spec, &target, Path::Auto)
        .unwrap();
    assert_eq!(common::fused_tile(&cached), Some(into_tile));

    // Every count, from the texture and into one, writes the kernel's own tile's results.
    let from_expected: Vec<f32> =
        reference_output(&spec, &tensor_of_texels(&values, F::Rgba8Unorm, &spec))
            .into_iter()
            .map(|v| v as f32)
            .collect();
    let into_expected = texels_of_tensor(&spec, &input, F::Rgba32Float);
    let buffer = tensor_buffer(device, spec.output_bytes() + 512);
    let run = |columns: Option<u32>| {
        resizer.pin_fused_columns(&spec, columns).unwrap();
        let (from, ran) = run_texture_to_tensor(
            gpu,
            &resizer,
            (&spec, Path::Fused),
            &source,
            (&buffer, 256, 0xFF),
            false,
        )
        .unwrap();
        assert_eq!(ran, Path::Fused);
        let (into, write) = run_buffer_to_texture(
            gpu,
            &resizer,
            &spec,
            (&tensor, offset),
            &storage,
            Path::Fused,
        );
        assert_eq!(write, TextureWrite::Storage);
        let what = format!("{columns:?} columns");
        let error = worst(&from, &from_expected);
        assert!(
            error <= 2e-5,
            "{what} from the texture: worst error {error}"
        );
        let error = worst(&into, &into_expected);
        assert!(
            error <= 2e-5,
            "{what} into the texture: worst error {error}"
        );
        (from, into)
    };
    let (own_from, own_into) = run(Some(counts[0]));
    for &columns in &counts[1..] {
        let (from, into) = run(Some(columns));
        let same = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits());
        assert!(same(&from, &own_from), "{columns} columns from the texture");
        assert!(same(&into, &own_into), "{columns} columns into the texture");
    }
    resizer.pin_fused_columns(&spec, None).unwrap();
}

/// OpenCV's 8-bit fixed point and ONNX Runtime's plain linear on uint8 run on the gather path's
/// kernels between buffers, so a texture route stages them: an `rgba8unorm` frame into a u8
/// RGBA tensor (in a pass of its own and in the caller's), and a u8 RGBA tensor into an
/// `rgba8unorm` storage texture, each on the gather path and `auto`, give the reference's bytes
/// exactly (OpenCV's and ONNX Runtime's, `tests/conformance.rs`).
#[test]
fn gather_only_arithmetic_through_textures_stages_and_keeps_its_bytes() {
    use wgpu::TextureUsages as U;
    let Some(gpu) = gpu("gather_only_arithmetic_through_textures_stages_and_keeps_its_bytes")
    else {
        return;
    };
    let mut rng = Rng::new(0x0c_7e47);
    for k in 0..10 {
        let input = Size2::new(rng.range(1, 30), rng.range(1, 30));
        let mut output = Size2::new(rng.range(1, 40), rng.range(1, 40));
        let builder = if k < 6 {
            let interpolation = [
                presets::OpenCvInterpolation::Linear,
                presets::OpenCvInterpolation::Lanczos4,
                presets::OpenCvInterpolation::LinearExact,
            ][k % 3];
            presets::opencv(input, output, interpolation)
        } else {
            // ONNX Runtime's integers, and (the height kept) its f32 steps across channels.
            if k % 2 == 1 {
                output.height = input.height;
            }
            let node = presets::OnnxResize {
                mode: presets::OnnxMode::Linear,
                ..presets::OnnxResize::default()
            };
            presets::onnx(input, output, &node).unwrap()
        };
        let spec = builder
            .channels(4)
            .element(ElementType::U8)
            .build()
            .unwrap();
        assert!(spec.opencv_fixed_point().is_some() || spec.onnx_linear_u8().is_some());
        let what = format!("case {k}: {input:?} -> {output:?}");
        // A frame into a tensor.
        let texels = random_texels(&mut rng, F::Rgba8Unorm, spec.input_len());
        let (got, _, expected) = resize_frame_alone(
            gpu,
            (&spec, Path::Gather),
            F::Rgba8Unorm,
            &texels,
            k % 2 == 1,
        );
        assert_eq!(worst(&got, &expected), 0.0, "{what}: frame into tensor");
        // A tensor into a storage texture, on the gather path and `auto`.
        let bytes: Vec<f32> = rng
            .u8s(spec.input_len())
            .into_iter()
            .map(f32::from)
            .collect();
        let tensor = tensor_at_offset(gpu, &spec, &bytes);
        let expected = texels_of_tensor(&spec, &bytes, F::Rgba8Unorm);
        let target = blank_texture(
            gpu,
            F::Rgba8Unorm,
            output,
            U::TEXTURE_BINDING | U::STORAGE_BINDING,
        );
        for path in [Path::Gather, Path::Auto] {
            let (got, _) = run_buffer_to_texture(
                gpu,
                &gpu.resizer,
                &spec,
                (&tensor.0, tensor.1),
                &target,
                path,
            );
            assert_eq!(
                worst(&got, &expected),
                0.0,
                "{what}: tensor into texture ({path})"
            );
        }
    }
}

/// `texture_kernels` and its kin name the dispatches each texture route records: kernels that
/// read and write RGBA textures themselves say so in their labels and run alone; a staged
/// source is unpacked before the buffer path's own kernels (the very ones `Resizer::kernels`
/// names), and a staged result packed after them; the write is the one encoding reports; and
/// a request encoding refuses is the same error.
#[test]
fn texture_kernels_name_each_dispatch_of_the_route() {
    let Some(gpu) = gpu("texture_kernels_name_each_dispatch_of_the_route") else {
        return;
    };
    use wgpu::TextureUsages as U;
    use wgpu_resize::PassKernel;
    let resizer = &gpu.resizer;
    let (input, output) = (Size2::new(48, 64), Size2::new(20, 30));
    let spec = |channels, element, layout| {
        ResizeSpec::builder(input, output)
            .channels(channels)
            .element(element)
            .layout(layout)
            .build()
            .unwrap()
    };
    let source = |format: F| {
        let texels = input.height * input.width * format.components() as u32;
        texture_with(
            gpu,
            format,
            input,
            U::TEXTURE_BINDING,
            &vec![0.5; texels as usize],
        )
    };
    let tensor = |bytes: u64| tensor_buffer(&gpu.context.device, bytes.next_multiple_of(4));
    let checked = |kernels: Vec<PassKernel>| {
        for pass in &kernels {
            assert!(pass.kernel.starts_with("wgpu-resize "), "{pass:?}");
            let (x, y, z) = pass.workgroups;
            assert!(x >= 1 && y >= 1 && z >= 1, "{pass:?}");
        }
        kernels
    };
    let between = |spec: &ResizeSpec, source: &wgpu::Texture, target: &wgpu::Texture| {
        let (kernels, write) = resizer
            .texture_kernels(
                spec,
                &TextureImage::first(source),
                &TextureImage::first(target),
                Path::Gather,
            )
            .unwrap();
        let (_, encoded_write) = run_on(gpu, spec, source, target, Path::Gather);
        assert_eq!(write, encoded_write, "{spec:?}");
        (checked(kernels), write)
    };
    let from_texture = |spec: &ResizeSpec, source: &wgpu::Texture| {
        let output = tensor(spec.output_bytes());
        let image = TextureImage::first(source);
        checked(
            resizer
                .texture_to_buffer_kernels(spec, &image, output.slice(..), Path::Gather)
                .unwrap(),
        )
    };
    let into_texture = |spec: &ResizeSpec, target: &wgpu::Texture| {
        let input = tensor(spec.input_bytes());
        let image = TextureImage::first(target);
        let (kernels, write) = resizer
            .buffer_to_texture_kernels(spec, input.slice(..), &image, Path::Gather)
            .unwrap();
        (checked(kernels), write)
    };
    let between_buffers = |spec: &ResizeSpec| resizer.kernels(spec, Path::Gather).unwrap();
    let unpack = "wgpu-resize texture unpack";
    let rgba_u8 = spec(4, ElementType::U8, Layout::Nhwc);
    let rgb_u8 = spec(3, ElementType::U8, Layout::Nhwc);
    let rgba_source = source(F::Rgba8Unorm);
    let storage_target = blank_texture(gpu, F::Rgba8Unorm, output, U::STORAGE_BINDING);

    // Between RGBA textures into a storage target: the resize kernels read and write them.
    let (kernels, write) = between(&rgba_u8, &rgba_source, &storage_target);
    assert_eq!(write, TextureWrite::Storage);
    assert_eq!(kernels.len(), 1, "{kernels:?}");
    assert!(
        kernels[0]
            .kernel
            .contains("from texture to Rgba8Unorm texture"),
        "{kernels:?}"
    );

    // Two channels into a target written by a copy of rows padded to 256 bytes: staged at both
    // ends, around the buffer path's own kernels.
    let rg_u8 = spec(2, ElementType::U8, Layout::Nhwc);
    let copy_target = blank_texture(gpu, F::Rg8Unorm, output, U::empty());
    let (kernels, write) = between(&rg_u8, &source(F::Rg8Unorm), &copy_target);
    assert_eq!(write, TextureWrite::Copy);
    let resize = between_buffers(&rg_u8);
    assert_eq!(kernels.len(), resize.len() + 2, "{kernels:?}");
    assert_eq!(kernels[0].kernel, unpack);
    assert_eq!(kernels[1..kernels.len() - 1], resize[..]);
    assert_eq!(
        kernels.last().unwrap().kernel,
        "wgpu-resize texture pack rows padded for a copy"
    );

    // Texture into tensors: RGB bytes are staged; f32 planes read the texture themselves.
    let kernels = from_texture(&rgb_u8, &rgba_source);
    assert_eq!(kernels[0].kernel, unpack);
    assert_eq!(kernels[1..], between_buffers(&rgb_u8)[..]);
    let planes = spec(3, ElementType::F32, Layout::Nchw);
    let kernels = from_texture(&planes, &rgba_source);
    assert_eq!(kernels.len(), 1, "{kernels:?}");
    assert!(
        kernels[0]
            .kernel
            .contains("from texture to 3 channel(s) as planes"),
        "{kernels:?}"
    );

    // Tensors into a storage texture: RGBA pixels written by the resize kernels, RGB packed
    // after them.
    let (kernels, write) = into_texture(&rgba_u8, &storage_target);
    assert_eq!(write, TextureWrite::Storage);
    assert_eq!(kernels.len(), 1, "{kernels:?}");
    assert!(
        kernels[0].kernel.contains("to Rgba8Unorm texture")
            && !kernels[0].kernel.contains("from texture"),
        "{kernels:?}"
    );
    let (kernels, write) = into_texture(&rgb_u8, &storage_target);
    assert_eq!(write, TextureWrite::Storage);
    assert_eq!(kernels[..kernels.len() - 1], between_buffers(&rgb_u8)[..]);
    assert_eq!(
        kernels.last().unwrap().kernel,
        "wgpu-resize texture pack to Rgba8Unorm by storage writes"
    );

    // A target of the wrong size: encoding's own error.
    let small = blank_texture(gpu, F::Rgba8Unorm, Size2::new(10, 10), U::STORAGE_BINDING);
    let asked = resizer
        .texture_kernels(
            &rgba_u8,
            &TextureImage::first(&rgba_source),
            &TextureImage::first(&small),
            Path::Gather,
        )
        .unwrap_err();
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let encoded = resizer
        .encode_texture(&mut encoder, &rgba_u8, &rgba_source, &small, Path::Gather)
        .unwrap_err();
    assert!(matches!(asked, ResizeError::Texture { .. }), "{asked:?}");
    assert_eq!(asked.to_string(), encoded.to_string());
}

/// A texture end binds no buffer, so a frame beyond the device's storage binding limit is
/// resized into and out of tensors within it where the kernels read or write the texture
/// themselves (RGBA pixels), and `auto` measures those routes; where the texture's texels would
/// be staged as a tensor beyond the limit, the typed error names the staged tensor. On a device
/// whose bindings hold 256 KiB: 300 x 300 RGBA bytes are 360 000.
#[test]
fn texture_ends_beyond_the_binding_limit_are_read_and_written_directly() {
    if gpu("texture_ends_beyond_the_binding_limit_are_read_and_written_directly").is_none() {
        return;
    }
    use wgpu::TextureUsages as U;
    let limit = 256 << 10;
    let small = gpu_with_binding_limit(limit);
    let gpu = &small;
    let mut rng = Rng::new(47);
    let frame = Size2::new(300, 300);
    // Pillow's fixed point: the same bytes on every path, so that each is compared exactly
    // (an unwritten byte keeps the poison).
    let spec = |input, output, channels| {
        ResizeSpec::builder(input, output)
            .channels(channels)
            .element(ElementType::U8)
            .round_intermediate(true)
            .build()
            .unwrap()
    };
    let beyond = |err: ResizeError, what: &str| {
        assert!(
            matches!(err, ResizeError::ExceedsDeviceLimit { limit: l, .. } if l == limit),
            "{err:?}"
        );
        assert!(err.to_string().contains(what), "{err}");
    };

    // The frame into a tensor: the kernels read the texture, on a measured path and on gather.
    let values = random_texels(&mut rng, F::Rgba8Unorm, (300 * 300 * 4) as usize);
    let source = texture_with(gpu, F::Rgba8Unorm, frame, U::TEXTURE_BINDING, &values);
    let into_tensor = spec(frame, Size2::new(40, 56), 4);
    let plan = gpu
        .resizer
        .plan_texture_to_buffer(&into_tensor, &TextureImage::first(&source), Path::Auto)
        .unwrap();
    assert_eq!(plan.source, wgpu_resize::PlanSource::Measured, "{plan:?}");
    let buffer = tensor_buffer(&gpu.context.device, into_tensor.output_bytes() + 512);
    let expected = reference_of_bytes(&into_tensor, &values);
    for path in [Path::Auto, Path::Gather] {
        assert_frame_into_tensor(gpu, (&into_tensor, path), &source, &buffer, &expected);
    }
    // Its RGB channels are staged: 270 000 bytes, beyond the limit.
    let rgb = spec(frame, Size2::new(40, 56), 3);
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let err = gpu
        .resizer
        .encode_texture_to_buffer(
            &mut encoder,
            &rgb,
            &TextureImage::first(&source),
            buffer.slice(..),
            Path::Gather,
        )
        .unwrap_err();
    beyond(err, "the staged source");

    // A tensor into the frame: the kernels write the storage target.
    let from_tensor = spec(Size2::new(30, 20), frame, 4);
    let bytes: Vec<f32> = rng
        .u8s(from_tensor.input_len())
        .into_iter()
        .map(f32::from)
        .collect();
    let tensor = tensor_at_offset(gpu, &from_tensor, &bytes);
    let target = blank_texture(gpu, F::Rgba8Unorm, frame, U::STORAGE_BINDING);
    let expected = texels_of_tensor(&from_tensor, &bytes, F::Rgba8Unorm);
    let plan = gpu
        .resizer
        .plan_buffer_to_texture(&from_tensor, &TextureImage::first(&target), Path::Auto)
        .unwrap();
    assert_eq!(plan.source, wgpu_resize::PlanSource::Measured, "{plan:?}");
    for path in [Path::Auto, Path::Gather] {
        let (got, write) = run_buffer_to_texture(
            gpu,
            &gpu.resizer,
            &from_tensor,
            (&tensor.0, tensor.1),
            &target,
            path,
        );
        assert_eq!(write, TextureWrite::Storage);
        assert_eq!(worst(&got, &expected), 0.0, "tensor into frame ({path})");
    }
    // RGB is staged before the texture: 270 000 bytes again.
    let rgb = spec(Size2::new(30, 20), frame, 3);
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let err = gpu
        .resizer
        .encode_buffer_to_texture(
            &mut encoder,
            &rgb,
            tensor.0.slice(..),
            &TextureImage::first(&target),
            Path::Gather,
        )
        .unwrap_err();
    beyond(err, "the staged result");

    // Between buffers the frame is a tensor beyond the limit: `auto` measures nothing, and
    // says why for each path.
    let plan = gpu.resizer.plan(&into_tensor, Path::Auto).unwrap();
    assert_eq!(plan.candidates.len(), 3, "{plan:?}");
    for candidate in &plan.candidates {
        assert!(candidate.median_us.is_none(), "{plan:?}");
        let why = candidate.error.as_deref().unwrap_or_default();
        assert!(why.contains("input needs 360000 bytes"), "{plan:?}");
    }
}

/// A slice of a frame (`ResizeSpecBuilder::cut`) resized into a tensor and into a texture, the
/// result the reference's (the slice's 8-bit resize, to the byte) on the gather path and
/// `auto`: PyTorch's antialiased bilinear, whose gather reads the slice where it lies in the
/// frame (one dispatch from the texture, into the tensor or the texture, and from a tensor into
/// the texture), as its separable (two dispatches, the first from the texture) and fused paths
/// do too, to the byte also, and OpenCV's bilinear, whose arithmetic runs between buffers, so
/// its routes stage the frame (the unpack, then the gather reading the slice in the staged
/// copy).
#[test]
fn cuts_of_frames_reach_tensors_and_textures() {
    use wgpu_resize::presets::{TorchMode, TorchOutput};
    let Some(gpu) = gpu("cuts_of_frames_reach_tensors_and_textures") else {
        return;
    };
    use wgpu::TextureUsages as U;
    let mut rng = Rng::new(61);
    let frame = Size2::new(36, 52);
    let (slice, output) = (Size2::new(20, 30), Size2::new(13, 17));
    let opencv = presets::opencv(slice, output, presets::OpenCvInterpolation::Linear);
    let torch = presets::torch(
        slice,
        TorchOutput::Size(output),
        TorchMode::Bilinear,
        false,
        true,
    )
    .unwrap()
    .torch_fixed_point(true);
    let values = random_texels(
        &mut rng,
        F::Rgba8Unorm,
        (frame.height * frame.width * 4) as usize,
    );
    let source = texture_with(gpu, F::Rgba8Unorm, frame, U::TEXTURE_BINDING, &values);
    let target = blank_texture(gpu, F::Rgba8Unorm, output, U::STORAGE_BINDING);
    let unpack = "wgpu-resize texture unpack";
    for (builder, in_place) in [(torch, true), (opencv, false)] {
        let spec = builder
            .sizes(frame, output)
            .cut(Some([9, 13, 29, 43]))
            .channels(4)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let expected = reference_of_bytes(&spec, &values);
        let buffer = tensor_buffer(&gpu.context.device, spec.output_bytes() + 512);
        let others = [Path::Separable, Path::Fused]
            .into_iter()
            .filter(|&path| in_place && gpu.resizer.availability(&spec, path).is_ok());
        for path in [Path::Gather, Path::Auto].into_iter().chain(others) {
            assert_frame_into_tensor(gpu, (&spec, path), &source, &buffer, &expected);
            let (got, _) = run_on(gpu, &spec, &source, &target, path);
            assert_eq!(worst(&got, &expected), 0.0, "frame into texture ({path})");
        }
        let image = TextureImage::first(&source);
        let resizer = &gpu.resizer;
        let into_tensor = resizer
            .texture_to_buffer_kernels(&spec, &image, buffer.slice(..), Path::Gather)
            .unwrap();
        let (between, _) = resizer
            .texture_kernels(&spec, &image, &TextureImage::first(&target), Path::Gather)
            .unwrap();
        let input = tensor_buffer(&gpu.context.device, spec.input_bytes());
        let (from_tensor, _) = resizer
            .buffer_to_texture_kernels(
                &spec,
                input.slice(..),
                &TextureImage::first(&target),
                Path::Gather,
            )
            .unwrap();
        let what = format!("{:?}", spec.opencv_fixed_point());
        if in_place {
            for kernels in [&into_tensor, &between, &from_tensor] {
                assert_eq!(kernels.len(), 1, "{what}: {kernels:?}");
            }
            assert!(
                into_tensor[0].kernel.contains("from texture"),
                "{into_tensor:?}"
            );
            for (path, dispatches) in [(Path::Separable, 2), (Path::Fused, 1)] {
                let kernels = resizer
                    .texture_to_buffer_kernels(&spec, &image, buffer.slice(..), path)
                    .unwrap();
                assert_eq!(kernels.len(), dispatches, "{path}: {kernels:?}");
                assert!(kernels[0].kernel.contains("from texture"), "{kernels:?}");
            }
        } else {
            // The unpack, the gather reading the slice in the staged frame, and between
            // textures the pack of the staged result.
            let resize = resizer.kernels(&spec, Path::Gather).unwrap();
            assert_eq!(resize.len(), 1, "{resize:?}");
            for kernels in [&into_tensor, &between] {
                assert_eq!(kernels[0].kernel, unpack, "{what}: {kernels:?}");
                assert_eq!(kernels[1], resize[0], "{what}: {kernels:?}");
            }
            assert!(between[2].kernel.contains("pack"), "{between:?}");
        }
    }
}

/// `spec`'s reference resize of the bytes `values` (as f32), which exact 8-bit results equal.
fn reference_of_bytes(spec: &ResizeSpec, values: &[f32]) -> Vec<f32> {
    reference_output(spec, values)
        .into_iter()
        .map(|v| v as f32)
        .collect()
}

/// `spec` on `path` from `source` into the tensor at offset 256 of `buffer`, which is poisoned
/// first (its bytes around the tensor must keep the poison): its values must be `expected`.
fn assert_frame_into_tensor(
    gpu: &common::Gpu,
    (spec, path): (&ResizeSpec, Path),
    source: &wgpu::Texture,
    buffer: &wgpu::Buffer,
    expected: &[f32],
) {
    let (got, _) = run_texture_to_tensor(
        gpu,
        &gpu.resizer,
        (spec, path),
        source,
        (buffer, 256, 0xA5),
        false,
    )
    .unwrap();
    assert_eq!(worst(&got, expected), 0.0, "frame into tensor ({path})");
}
