//! Lab: what 2x enlargements of 1080p RGBA take in other kernel structures (not kept).
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded, time_resize};
use wgpu_resize::{ElementType, GpuContext, Path, ResizeSpec, Resizer, Size2, compare, read_buffer};

const KERNELS: &str = r#"
struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }
@group(0) @binding(0) var<storage, read> src: array<W>;
@group(0) @binding(1) var<storage, read_write> dst: array<W>;
@group(0) @binding(2) var<uniform> s: Sizes;

// One invocation per output, as the library's gather.
@compute @workgroup_size(64, 4, 1)
fn move_out(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.out_w || id.y >= s.out_h { return; }
    dst[id.y * s.out_w + id.x] = src[(id.y >> 1u) * s.in_w + (id.x >> 1u)];
}

// One invocation per input: its 2x2 outputs.
@compute @workgroup_size(64, 4, 1)
fn move_in(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.in_w || id.y >= s.in_h { return; }
    let v = src[id.y * s.in_w + id.x];
    let o = 2u * id.y * s.out_w + 2u * id.x;
    dst[o] = v;
    dst[o + 1u] = v;
    dst[o + s.out_w] = v;
    dst[o + s.out_w + 1u] = v;
}

// One invocation per input, ROWS inputs down a column: 2 x 2*ROWS outputs.
const ROWS: u32 = 4u;
@compute @workgroup_size(64, 4, 1)
fn move_in_rows(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.in_w || id.y * ROWS >= s.in_h { return; }
    for (var r = 0u; r < ROWS; r++) {
        let y = id.y * ROWS + r;
        if y < s.in_h {
            let v = src[y * s.in_w + id.x];
            let o = 2u * y * s.out_w + 2u * id.x;
            dst[o] = v;
            dst[o + 1u] = v;
            dst[o + s.out_w] = v;
            dst[o + s.out_w + 1u] = v;
        }
    }
}
"#;

const BILINEAR: &str = r#"
struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> s: Sizes;

fn at(y: i32, x: i32) -> vec4<f32> {
    let yy = u32(clamp(y, 0, i32(s.in_h) - 1));
    let xx = u32(clamp(x, 0, i32(s.in_w) - 1));
    return src[yy * s.in_w + xx];
}

// One invocation per input pixel (i, j): outputs (2i, 2i+1) x (2j, 2j+1) from the 3x3 around it.
@compute @workgroup_size(64, 4, 1)
fn cell(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.in_w || id.y >= s.in_h { return; }
    let i = i32(id.y);
    let j = i32(id.x);
    var h0: array<vec4<f32>, 3>;
    var h1: array<vec4<f32>, 3>;
    for (var k = 0; k < 3; k++) {
        let l = at(i - 1 + k, j - 1);
        let c = at(i - 1 + k, j);
        let r = at(i - 1 + k, j + 1);
        h0[k] = 0.25 * l + 0.75 * c;
        h1[k] = 0.75 * c + 0.25 * r;
    }
    let o = 2u * id.y * s.out_w + 2u * id.x;
    dst[o] = 0.25 * h0[0] + 0.75 * h0[1];
    dst[o + 1u] = 0.25 * h1[0] + 0.75 * h1[1];
    dst[o + s.out_w] = 0.75 * h0[1] + 0.25 * h0[2];
    dst[o + s.out_w + 1u] = 0.75 * h1[1] + 0.25 * h1[2];
}

// ROWS input rows per invocation, sharing the rows' horizontal sums.
const ROWS: u32 = 4u;
@compute @workgroup_size(64, 4, 1)
fn cell_rows(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.in_w || id.y * ROWS >= s.in_h { return; }
    let j = i32(id.x);
    let i0 = i32(id.y * ROWS);
    var a0: vec4<f32>; var a1: vec4<f32>; var b0: vec4<f32>; var b1: vec4<f32>;
    {
        let l = at(i0 - 1, j - 1); let c = at(i0 - 1, j); let r = at(i0 - 1, j + 1);
        a0 = 0.25 * l + 0.75 * c; a1 = 0.75 * c + 0.25 * r;
        let l2 = at(i0, j - 1); let c2 = at(i0, j); let r2 = at(i0, j + 1);
        b0 = 0.25 * l2 + 0.75 * c2; b1 = 0.75 * c2 + 0.25 * r2;
    }
    for (var r = 0u; r < ROWS; r++) {
        let y = id.y * ROWS + r;
        if y >= s.in_h { break; }
        let i = i32(y);
        let l = at(i + 1, j - 1); let c = at(i + 1, j); let rr = at(i + 1, j + 1);
        let n0 = 0.25 * l + 0.75 * c; let n1 = 0.75 * c + 0.25 * rr;
        let o = 2u * y * s.out_w + 2u * id.x;
        dst[o] = 0.25 * a0 + 0.75 * b0;
        dst[o + 1u] = 0.25 * a1 + 0.75 * b1;
        dst[o + s.out_w] = 0.75 * b0 + 0.25 * n0;
        dst[o + s.out_w + 1u] = 0.75 * b1 + 0.25 * n1;
        a0 = b0; a1 = b1; b0 = n0; b1 = n1;
    }
}
"#;


const U8_CELLS: &str = r#"
struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst2: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> s: Sizes;

fn lanes(y: i32, x: i32) -> vec2<u32> {
    let yy = u32(clamp(y, 0, i32(s.in_h) - 1));
    let xx = u32(clamp(x, 0, i32(s.in_w) - 1));
    let w = src[yy * s.in_w + xx];
    return vec2<u32>(w, w >> 8u) & vec2<u32>(0x00ff00ffu);
}

fn word(sums: vec2<u32>) -> u32 {
    let q = ((sums + vec2<u32>(8u * 0x00010001u)) >> vec2<u32>(4u)) & vec2<u32>(0x00ff00ffu);
    return q.x | (q.y << 8u);
}

// Row i's horizontal sums for outputs 2j and 2j+1, weights in quarters.
fn row(i: i32, j: i32) -> array<vec2<u32>, 2> {
    let l = lanes(i, j - 1);
    let c = lanes(i, j);
    let r = lanes(i, j + 1);
    return array<vec2<u32>, 2>(l + 3u * c, 3u * c + r);
}

override ROWS: u32 = 4u;
@compute @workgroup_size(64, 4, 1)
fn cell_rows(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.in_w || id.y * ROWS >= s.in_h { return; }
    let j = i32(id.x);
    let first = id.y * ROWS;
    var a = row(i32(first) - 1, j);
    var b = row(i32(first), j);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        if y >= s.in_h { break; }
        let n = row(i32(y) + 1, j);
        let o = (2u * y * s.out_w + 2u * id.x) / 2u;
        dst2[o] = vec2<u32>(word(a[0] + 3u * b[0]), word(a[1] + 3u * b[1]));
        dst2[o + s.out_w / 2u] = vec2<u32>(word(3u * b[0] + n[0]), word(3u * b[1] + n[1]));
        a = b;
        b = n;
    }
}
"#;

const U8_CELLS_WIDE: &str = r#"
struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst4: array<vec4<u32>>;
@group(0) @binding(2) var<uniform> s: Sizes;

fn lanes(y: i32, x: i32) -> vec2<u32> {
    let yy = u32(clamp(y, 0, i32(s.in_h) - 1));
    let xx = u32(clamp(x, 0, i32(s.in_w) - 1));
    let w = src[yy * s.in_w + xx];
    return vec2<u32>(w, w >> 8u) & vec2<u32>(0x00ff00ffu);
}

fn word(sums: vec2<u32>) -> u32 {
    let q = ((sums + vec2<u32>(8u * 0x00010001u)) >> vec2<u32>(4u)) & vec2<u32>(0x00ff00ffu);
    return q.x | (q.y << 8u);
}

// Row i's horizontal sums for outputs 2j .. 2j+3 (inputs j-1 .. j+2).
fn row(i: i32, j: i32) -> array<vec2<u32>, 4> {
    let l = lanes(i, j - 1);
    let c = lanes(i, j);
    let d = lanes(i, j + 1);
    let r = lanes(i, j + 2);
    return array<vec2<u32>, 4>(l + 3u * c, 3u * c + d, c + 3u * d, 3u * d + r);
}

override ROWS: u32 = 4u;
@compute @workgroup_size(64, 4, 1)
fn cell_rows(@builtin(global_invocation_id) id: vec3<u32>) {
    if 2u * id.x >= s.in_w || id.y * ROWS >= s.in_h { return; }
    let j = i32(2u * id.x);
    let first = id.y * ROWS;
    var a = row(i32(first) - 1, j);
    var b = row(i32(first), j);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        if y >= s.in_h { break; }
        let n = row(i32(y) + 1, j);
        let o = (2u * y * s.out_w + 4u * id.x) / 4u;
        var top: vec4<u32>;
        var bottom: vec4<u32>;
        for (var k = 0u; k < 4u; k++) {
            top[k] = word(a[k] + 3u * b[k]);
            bottom[k] = word(3u * b[k] + n[k]);
        }
        dst4[o] = top;
        dst4[o + s.out_w / 4u] = bottom;
        a = b;
        b = n;
    }
}
"#;


const F16_CELLS: &str = r#"
struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> dst4: array<vec4<u32>>;
@group(0) @binding(2) var<uniform> s: Sizes;

fn at(y: i32, x: i32) -> vec4<f32> {
    let yy = u32(clamp(y, 0, i32(s.in_h) - 1));
    let xx = u32(clamp(x, 0, i32(s.in_w) - 1));
    let w = src[yy * s.in_w + xx];
    return vec4<f32>(unpack2x16float(w.x), unpack2x16float(w.y));
}

fn pack(v: vec4<f32>) -> vec2<u32> {
    return vec2<u32>(pack2x16float(v.xy), pack2x16float(v.zw));
}

fn row(i: i32, j: i32) -> array<vec4<f32>, 2> {
    let l = at(i, j - 1);
    let c = at(i, j);
    let r = at(i, j + 1);
    return array<vec4<f32>, 2>(0.25 * l + 0.75 * c, 0.75 * c + 0.25 * r);
}

override ROWS: u32 = 4u;
@compute @workgroup_size(64, 4, 1)
fn cell_rows(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= s.in_w || id.y * ROWS >= s.in_h { return; }
    let j = i32(id.x);
    let first = id.y * ROWS;
    var a = row(i32(first) - 1, j);
    var b = row(i32(first), j);
    for (var r = 0u; r < ROWS; r++) {
        let y = first + r;
        if y >= s.in_h { break; }
        let n = row(i32(y) + 1, j);
        let o = (2u * y * s.out_w + 2u * id.x) / 2u;
        dst4[o] = vec4<u32>(pack(0.25 * a[0] + 0.75 * b[0]), pack(0.25 * a[1] + 0.75 * b[1]));
        dst4[o + s.out_w / 2u] = vec4<u32>(pack(0.75 * b[0] + 0.25 * n[0]), pack(0.75 * b[1] + 0.25 * n[1]));
        a = b;
        b = n;
    }
}
"#;

struct Kernel {
    pipeline: wgpu::ComputePipeline,
    bindings: wgpu::BindGroup,
    grid: (u32, u32),
}

fn kernel(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    entry: &str,
    buffers: (&wgpu::Buffer, &wgpu::Buffer, &wgpu::Buffer),
    grid: (u32, u32),
) -> Kernel {
    kernel_with(device, module, entry, buffers, grid, &[])
}

fn kernel_with(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    entry: &str,
    buffers: (&wgpu::Buffer, &wgpu::Buffer, &wgpu::Buffer),
    grid: (u32, u32),
    constants: &[(&str, f64)],
) -> Kernel {
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(entry),
        layout: None,
        module,
        entry_point: Some(entry),
        compilation_options: wgpu::PipelineCompilationOptions {
            constants,
            ..Default::default()
        },
        cache: None,
    });
    let entries = [buffers.0, buffers.1, buffers.2]
        .iter()
        .enumerate()
        .map(|(i, b)| wgpu::BindGroupEntry {
            binding: i as u32,
            resource: b.as_entire_binding(),
        })
        .collect::<Vec<_>>();
    let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &entries,
    });
    Kernel { pipeline, bindings, grid }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("lab x2 on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let (in_h, in_w) = (1080u32, 1920u32);
    let (out_h, out_w) = (2 * in_h, 2 * in_w);
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
    let sizes = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: bytemuck::cast_slice(&[in_w, in_h, out_w, out_h]),
        usage: wgpu::BufferUsages::UNIFORM,
    });
    let time = |k: &Kernel| {
        time_recorded(device, queue, TimingMethod::Timestamp, 0.2, (20, 100), |e, slots: Option<TimestampSlots<'_>>| {
            let mut pass = e.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: slots.map(TimestampSlots::whole_pass),
            });
            pass.set_pipeline(&k.pipeline);
            pass.set_bind_group(0, &k.bindings, &[]);
            pass.dispatch_workgroups(k.grid.0, k.grid.1, 1);
            Ok(())
        })
        .map(|s| s.median())
    };
    for (element, word) in [
        (ElementType::F32, "vec4<u32>"),
        (ElementType::F16, "vec2<u32>"),
        (ElementType::U8, "u32"),
    ] {
        let spec = ResizeSpec::builder(Size2::new(in_h, in_w), Size2::new(out_h, out_w))
            .channels(4)
            .element(element)
            .build()?;
        let pixels: Vec<f32> = (0..spec.input_len())
            .map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0)
            .collect();
        let bytes: Vec<u8> = match element {
            ElementType::F32 => bytemuck::cast_slice(&pixels).to_vec(),
            ElementType::F16 => pixels
                .iter()
                .flat_map(|v| half::f16::from_f32(*v).to_le_bytes())
                .collect(),
            _ => pixels.iter().map(|v| (v * 255.0) as u8).collect(),
        };
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &bytes,
            usage: storage,
        });
        let output = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: spec.output_bytes(),
            usage: storage,
            mapped_at_creation: false,
        });
        let lab_output = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: spec.output_bytes(),
            usage: storage,
            mapped_at_creation: false,
        });
        let source = format!("alias W = {word};\n{KERNELS}");
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let b = (&input, &lab_output, &sizes);
        let mut kernels: Vec<(&str, Kernel)> = vec![
            ("move, one per output", kernel(device, &module, "move_out", b, (out_w.div_ceil(64), out_h.div_ceil(4)))),
            ("move, one per input", kernel(device, &module, "move_in", b, (in_w.div_ceil(64), in_h.div_ceil(4)))),
            ("move, one per input, 4 rows", kernel(device, &module, "move_in_rows", b, (in_w.div_ceil(64), in_h.div_ceil(16)))),
        ];
        let bilinear = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(BILINEAR.into()),
        });
        if element == ElementType::F32 {
            kernels.push(("bilinear cell", kernel(device, &bilinear, "cell", b, (in_w.div_ceil(64), in_h.div_ceil(4)))));
            kernels.push(("bilinear cell, 4 rows", kernel(device, &bilinear, "cell_rows", b, (in_w.div_ceil(64), in_h.div_ceil(16)))));
        }
        if element == ElementType::U8 {
            let narrow = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(U8_CELLS.into()),
            });
            let wide = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(U8_CELLS_WIDE.into()),
            });
            for rows in [1u32, 2, 4] {
                let name: &'static str = Box::leak(format!("u8 cells {rows} rows").into_boxed_str());
                kernels.push((name, kernel_with(device, &narrow, "cell_rows", b, (in_w.div_ceil(64), in_h.div_ceil(4 * rows)), &[("ROWS", rows as f64)])));
                let name: &'static str = Box::leak(format!("u8 cells wide {rows} rows").into_boxed_str());
                kernels.push((name, kernel_with(device, &wide, "cell_rows", b, ((in_w / 2).div_ceil(64), in_h.div_ceil(4 * rows)), &[("ROWS", rows as f64)])));
            }
        }
        if element == ElementType::F16 {
            let cells = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(F16_CELLS.into()),
            });
            for rows in [1u32, 2, 4, 8] {
                let name: &'static str = Box::leak(format!("f16 cells {rows} rows").into_boxed_str());
                kernels.push((name, kernel_with(device, &cells, "cell_rows", b, (in_w.div_ceil(64), in_h.div_ceil(4 * rows)), &[("ROWS", rows as f64)])));
            }
        }
        for round in 0..3 {
            let library = time_resize(&resizer, &spec, Path::Gather, &input, &output, TimingMethod::Timestamp, 0.2, (20, 100))?.median();
            let mut line = format!("{} round {round}: library {library:.1}", element.name());
            for (name, k) in &kernels {
                line += &format!(" | {name} {:.1}", time(k)?);
            }
            println!("{line}");
        }
        if element != ElementType::F32 {
            for (name, k) in kernels.iter().filter(|(n, _)| n.starts_with("u8") || n.starts_with("f16")) {
                time(k)?;
                let range = 0..spec.output_bytes();
                let ours: Vec<u8> = read_buffer(device, queue, &lab_output, range.clone())?;
                let theirs: Vec<u8> = read_buffer(device, queue, &output, range)?;
                let differ = ours.iter().zip(&theirs).filter(|(a, b)| a != b).count();
                println!("{name}: {differ} bytes differ");
            }
        }
        if element == ElementType::F32 {
            for (name, k) in kernels.iter().filter(|(n, _)| n.starts_with("bilinear")) {
                time(k)?;
                let range = 0..spec.output_bytes();
                let ours: Vec<f32> = read_buffer(device, queue, &lab_output, range.clone())?;
                let theirs: Vec<f32> = read_buffer(device, queue, &output, range)?;
                println!("{name}: largest difference {:.1e}", compare(&ours, &theirs).max_abs);
            }
        }
    }
    Ok(())
}
