//! The CPU reference resize: the plain f64 twin of the GPU paths, used as the test oracle.
//!
//! It applies the same [`AxisWeights`] tables, horizontal pass first (the order in which
//! [`ResizeSpec::round_intermediate`] rounds), accumulating in f64.

use crate::element::Element;
use crate::error::ResizeError;
use crate::gather_arithmetic::{GatherArithmetic, OnnxLinearU8};
use crate::reduction::round_block_sum;
use crate::spec::{Layout, OpenCvFixedPoint, ResizeSpec, Size2};
use crate::weights::{AxisWeights, padded_input};

/// Strides of a 4-D tensor in elements, by logical axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strides {
    pub n: usize,
    pub c: usize,
    pub y: usize,
    pub x: usize,
}

impl Strides {
    pub(crate) fn new(layout: Layout, channels: u32, size: Size2) -> Self {
        let (c, h, w) = (channels as usize, size.height as usize, size.width as usize);
        match layout {
            Layout::Nhwc => Strides {
                n: h * w * c,
                c: 1,
                y: w * c,
                x: c,
            },
            Layout::Nchw => Strides {
                n: c * h * w,
                c: h * w,
                y: w,
                x: 1,
            },
        }
    }

    fn at(&self, n: usize, c: usize, y: usize, x: usize) -> usize {
        n * self.n + c * self.c + y * self.y + x * self.x
    }
}

/// Output `i` of `table`'s 1-D resize: its band's weights times the inputs `read(j)`, `j` the
/// input indices from the band's start.
fn band_sum(table: &AxisWeights, i: usize, read: impl Fn(usize) -> f64) -> f64 {
    let start = table.start(i) as usize;
    let taps = table.row(i).iter().enumerate();
    taps.map(|(k, w)| w * read(start + k)).sum()
}

/// Resizes `input` on the CPU as `spec` says, normalising the results where it asks.
/// `input.len()` must be `spec.input_len()`.
pub fn resize<T: Element>(spec: &ResizeSpec, input: &[T]) -> Result<Vec<T>, ResizeError> {
    if input.len() != spec.input_len() {
        return Err(ResizeError::WrongLength {
            which: "input",
            expected: spec.input_len(),
            got: input.len(),
        });
    }
    // A two-step resize is its two stages, the reduced image stored as the element type.
    if let Some((reduce, resize_reduced)) = spec.stages() {
        return resize(&resize_reduced, &resize(&reduce, input)?);
    }
    let (wy, wx) = AxisWeights::for_spec(spec);
    match spec.gather_arithmetic() {
        Some(GatherArithmetic::OnnxLinear(OnnxLinearU8::Float)) => {
            return Ok(resize_onnx_f32(spec, input, false, (&wy, &wx)));
        }
        Some(GatherArithmetic::OnnxLinear(OnnxLinearU8::FloatAcrossChannels)) => {
            return Ok(resize_onnx_f32(spec, input, true, (&wy, &wx)));
        }
        Some(arithmetic) => {
            return Ok(resize_integer_rows(spec, input, arithmetic, (&wy, &wx)));
        }
        None => {}
    }
    let (n, c) = (spec.batch() as usize, spec.channels() as usize);
    let (inp, out) = (spec.input(), spec.output());
    // Horizontal pass first, or vertical first where the spec rounds in that order.
    let vertical_first = spec.rounds_vertical_first();
    let mid_size = if vertical_first {
        Size2::new(out.height, inp.width)
    } else {
        Size2::new(inp.height, out.width)
    };
    let s_in = Strides::new(spec.layout(), spec.channels(), inp);
    let s_mid = Strides::new(spec.layout(), spec.channels(), mid_size);
    let s_out = Strides::new(spec.layout(), spec.channels(), out);
    let color = Color::of(spec);
    let (convert_on_load, convert_on_store) = spec.color_ends();

    // The input as f64, colour-converted (linear light, premultiplied) where the spec says so.
    let mut source: Vec<f64> = input.iter().map(|v| v.to_f64()).collect();
    if color.active && convert_on_load {
        for b in 0..n {
            for y in 0..inp.height as usize {
                for x in 0..inp.width as usize {
                    let at = |ch| s_in.at(b, ch, y, x);
                    let pixel: Vec<f64> = (0..c).map(|ch| source[at(ch)]).collect();
                    for (ch, v) in color.prepare(&pixel).into_iter().enumerate() {
                        source[at(ch)] = v;
                    }
                }
            }
        }
    }

    // A reduction averages blocks in one step: it has no first pass.
    let reduction = spec.reduction_stage().is_some();
    // The first pass into an f64 intermediate of shape [n, in_h, out_w, c] (horizontal first)
    // or [n, out_h, in_w, c] (vertical first), rounded to the element type where asked.
    let round = |acc: f64| {
        if spec.round_intermediate() {
            T::from_f64(acc).to_f64()
        } else {
            acc
        }
    };
    let first_pass_images = if reduction { 0 } else { n };
    let mut mid =
        vec![0.0f64; first_pass_images * c * mid_size.height as usize * mid_size.width as usize];
    for b in 0..first_pass_images {
        for ch in 0..c {
            for y in 0..mid_size.height as usize {
                for x in 0..mid_size.width as usize {
                    let acc = if vertical_first {
                        band_sum(&wy, y, |j| source[s_in.at(b, ch, j, x)])
                    } else {
                        band_sum(&wx, x, |j| source[s_in.at(b, ch, y, j)])
                    };
                    mid[s_mid.at(b, ch, y, x)] = round(acc);
                }
            }
        }
    }

    // The second pass (or the blocks' averages), then the colour conversion back and the
    // normalisation, into the output.
    let mut output = vec![T::from_f64(0.0); spec.output_len()];
    let mut pixel = vec![0.0f64; c];
    for b in 0..n {
        for oy in 0..out.height as usize {
            for ox in 0..out.width as usize {
                let outside = wy.is_outside(oy) || wx.is_outside(ox);
                for (ch, value) in pixel.iter_mut().enumerate() {
                    *value = if outside {
                        f64::from(spec.extrapolation_of(ch as u32))
                    } else if reduction {
                        block_average(spec.fixed_point(), (&wy, &wx), (oy, ox), |y, x| {
                            source[s_in.at(b, ch, y, x)]
                        })
                    } else if vertical_first {
                        band_sum(&wx, ox, |j| mid[s_mid.at(b, ch, oy, j)])
                    } else {
                        band_sum(&wy, oy, |j| mid[s_mid.at(b, ch, j, ox)])
                    };
                }
                let finished = if color.active && convert_on_store && !outside {
                    color.finish(&pixel)
                } else {
                    pixel.clone()
                };
                for (ch, v) in finished.into_iter().enumerate() {
                    let v = match spec.normalization() {
                        Some(normalization) => normalization.apply(ch, v),
                        None => v,
                    };
                    output[s_out.at(b, ch, oy, ox)] = T::from_f64(v);
                }
            }
        }
    }
    Ok(output)
}

/// The average of output `(oy, ox)`'s block of a reduction ([`crate::Reduction`]): the inputs
/// `read(y, x)` that weigh anything in its rows of `wy` and `wx`. In Pillow's 8-bit fixed point
/// (`fixed`) the block's sum rounds as Pillow's `Image.reduce` rounds it ([`round_block_sum`]);
/// floats take the average.
fn block_average(
    fixed: bool,
    (wy, wx): (&AxisWeights, &AxisWeights),
    (oy, ox): (usize, usize),
    read: impl Fn(usize, usize) -> f64,
) -> f64 {
    let block = |table: &AxisWeights, i: usize| {
        let weighed = table.weighed_taps(i).map(|(j, _)| j as usize);
        weighed.collect::<Vec<_>>()
    };
    let (rows, columns) = (block(wy, oy), block(wx, ox));
    let count = (rows.len() * columns.len()) as u32;
    let sum: f64 = rows
        .iter()
        .flat_map(|&y| columns.iter().map(move |&x| (y, x)))
        .map(|(y, x)| read(y, x))
        .sum();
    if fixed {
        f64::from(round_block_sum(sum as u32, count))
    } else {
        sum / f64::from(count)
    }
}

/// The colour conversions around the taps: the CPU twin of `prepare4`/`finish4` in
/// `wgsl/common.wgsl`.
struct Color {
    active: bool,
    linear: bool,
    premultiply: bool,
    eight_bit: bool,
    unit: f64,
}

impl Color {
    fn of(spec: &ResizeSpec) -> Self {
        Color {
            active: spec.converts_color(),
            linear: spec.linear_light(),
            premultiply: spec.premultiplied_alpha(),
            eight_bit: spec.premultiplies_in_8_bits(),
            unit: spec.color_unit(),
        }
    }

    /// Stored values to the space the taps run in: 0..1, linear if asked, premultiplied if asked.
    fn prepare(&self, pixel: &[f64]) -> Vec<f64> {
        if self.eight_bit {
            let alpha = pixel[3];
            return (0..4)
                .map(|ch| {
                    if ch == 3 {
                        alpha
                    } else {
                        (pixel[ch] * alpha / 255.0 + 0.5).floor()
                    }
                })
                .collect();
        }
        let alpha_index = self.premultiply.then_some(3);
        let alpha = alpha_index.map_or(1.0, |a| pixel[a] / self.unit);
        pixel
            .iter()
            .enumerate()
            .map(|(ch, &v)| {
                let v = v / self.unit;
                if Some(ch) == alpha_index {
                    v
                } else {
                    let v = if self.linear { srgb_to_linear(v) } else { v };
                    v * alpha
                }
            })
            .collect()
    }

    /// The taps' results back to stored values.
    fn finish(&self, pixel: &[f64]) -> Vec<f64> {
        if self.eight_bit {
            let q: Vec<f64> = pixel.iter().map(|&v| u8::from_f64(v) as f64).collect();
            let alpha = q[3];
            return (0..4)
                .map(|ch| {
                    if ch == 3 || alpha == 0.0 || alpha == 255.0 {
                        q[ch]
                    } else {
                        (255.0 * q[ch] / alpha).floor().min(255.0)
                    }
                })
                .collect();
        }
        let alpha_index = self.premultiply.then_some(3);
        let alpha = alpha_index.map_or(1.0, |a| pixel[a]);
        pixel
            .iter()
            .enumerate()
            .map(|(ch, &v)| {
                if Some(ch) == alpha_index {
                    return v * self.unit;
                }
                let v = if alpha_index.is_some() {
                    if alpha > 0.0 { v / alpha } else { 0.0 }
                } else {
                    v
                };
                let v = if self.linear { linear_to_srgb(v) } else { v };
                v * self.unit
            })
            .collect()
    }
}

/// The sRGB transfer function, decoding (IEC 61966-2-1).
pub fn srgb_to_linear(v: f64) -> f64 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// The sRGB transfer function, encoding; negative values (filter overshoot) encode to 0.
pub fn linear_to_srgb(v: f64) -> f64 {
    let v = v.max(0.0);
    if v <= 0.0031308 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

/// [`resize`] in OpenCV's 8-bit fixed point (`cv2.resize` of 8-bit images) or ONNX Runtime's
/// NHWC integers, from their padded tables ([`AxisWeights::opencv`],
/// [`AxisWeights::onnx_linear`]): each input row's horizontal taps summed in integers of
/// weights times 2^11 (2^8 for `INTER_LINEAR_EXACT`, 2^10 for ONNX Runtime's), then the
/// vertical taps rounded as [`OpenCvFixedPoint`] says (summed exactly and shifted right by 20
/// for ONNX Runtime), clamped to a byte. In wrapping 32-bit integers, as OpenCV's and the
/// kernel's sums are. Outputs in the bands of padding take the extrapolation value.
fn resize_integer_rows<T: Element>(
    spec: &ResizeSpec,
    input: &[T],
    arithmetic: GatherArithmetic,
    (wy, wx): (&AxisWeights, &AxisWeights),
) -> Vec<T> {
    let inp = spec.input();
    let s_in = Strides::new(spec.layout(), spec.channels(), inp);
    // A padded table index's input index, and a weight as its integer.
    let clamped = |padded: u32, len: u32| padded_input(padded, len) as usize;
    // Weights are integers of 2^11 to the unit, of 2^8 for INTER_LINEAR_EXACT, of 2^10 for
    // ONNX Runtime's.
    let bits = arithmetic.weight_bits().expect("integer weights");
    let fixed = |w: f64| (w * f64::from(1u32 << bits)).round() as i32;
    // OpenCV's INTER_LINEAR rounds each vertical product; the others sum them exactly.
    let rounds_products = matches!(
        arithmetic,
        GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear | OpenCvFixedPoint::AreaUpscale)
    );
    each_output(spec, (wy, wx), |b, ch, oy, ox| {
        let mut total = 0i32;
        for (ty, &weight_y) in wy.row(oy).iter().enumerate() {
            let y = clamped(wy.start(oy) + ty as u32, inp.height);
            let row = wx.row(ox).iter().enumerate().fold(0i32, |row, (tx, &w)| {
                let x = clamped(wx.start(ox) + tx as u32, inp.width);
                let byte = input[s_in.at(b, ch, y, x)].to_f64() as i32;
                row.wrapping_add(fixed(w).wrapping_mul(byte))
            });
            total = total.wrapping_add(if rounds_products {
                ((row >> 4) * fixed(weight_y)) >> 16
            } else {
                row.wrapping_mul(fixed(weight_y))
            });
        }
        let byte = match arithmetic {
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear | OpenCvFixedPoint::AreaUpscale) => {
                (total + 2) >> 2
            }
            GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact) => (total + (1 << 15)) >> 16,
            GatherArithmetic::OnnxLinear(_) => total >> 20,
            GatherArithmetic::OpenCv(_) => total.wrapping_add(1 << 21) >> 22,
        };
        f64::from(byte.clamp(0, 255))
    })
}

/// [`resize`] in ONNX Runtime's f32 steps of plain linear on uint8 ([`OnnxLinearU8::Float`],
/// or across channels), from its padded tables ([`AxisWeights::onnx_linear`]): for each output
/// the four products `(wb · wa) · byte` of its 2 x 2 block summed in f32 in ONNX Runtime's
/// order and truncated, its axes (a, b) the rows and columns, or across channels the columns
/// and the channels (weights 1 and 0 on a channel and the next, 1/2 and 1/2 on the last one
/// itself), the row kept. Rust does not fuse a product into a sum, so each rounds on its own
/// as in ONNX Runtime.
fn resize_onnx_f32<T: Element>(
    spec: &ResizeSpec,
    input: &[T],
    across_channels: bool,
    (wy, wx): (&AxisWeights, &AxisWeights),
) -> Vec<T> {
    let (c, inp) = (spec.channels() as usize, spec.input());
    let s_in = Strides::new(spec.layout(), spec.channels(), inp);
    // A band's two input indices, clamped, and its two weights.
    let pair = |table: &AxisWeights, i: usize, len: u32| {
        let index = |k: u32| padded_input(table.start(i) + k, len) as usize;
        let row = table.row(i);
        ([index(0), index(1)], [row[0] as f32, row[1] as f32])
    };
    each_output(spec, (wy, wx), |b, ch, oy, ox| {
        let byte = |y: usize, x: usize, channel: usize| input[s_in.at(b, channel, y, x)].to_f64();
        // The block's bytes [a][b] and both axes' weights.
        let (block, wa, wb) = if across_channels {
            let ([x0, x1], wa) = pair(wx, ox, inp.width);
            let next = if ch + 1 == c { ch } else { ch + 1 };
            let wb = if next == ch { [0.5, 0.5] } else { [1.0, 0.0] };
            let block = [x0, x1].map(|x| [ch, next].map(|channel| byte(oy, x, channel)));
            (block, wa, wb)
        } else {
            let ([y0, y1], wa) = pair(wy, oy, inp.height);
            let ([x0, x1], wb) = pair(wx, ox, inp.width);
            let block = [y0, y1].map(|y| [x0, x1].map(|x| byte(y, x, ch)));
            (block, wa, wb)
        };
        let product = |a: usize, b: usize| (wb[b] * wa[a]) * block[a][b] as f32;
        let sum = product(0, 0) + product(0, 1) + product(1, 0) + product(1, 1);
        f64::from(sum.min(255.0).trunc())
    })
}

/// The output of a resize computed one value at a time: `value(image, channel, y, x)` for each
/// output inside the input, stored as `T`, and the channel's extrapolation value for those
/// that `wy` or `wx` flags outside.
fn each_output<T: Element>(
    spec: &ResizeSpec,
    (wy, wx): (&AxisWeights, &AxisWeights),
    value: impl Fn(usize, usize, usize, usize) -> f64,
) -> Vec<T> {
    let (n, c, out) = (
        spec.batch() as usize,
        spec.channels() as usize,
        spec.output(),
    );
    let s_out = Strides::new(spec.layout(), spec.channels(), out);
    let mut output = vec![T::from_f64(0.0); spec.output_len()];
    for b in 0..n {
        for ch in 0..c {
            for oy in 0..out.height as usize {
                for ox in 0..out.width as usize {
                    output[s_out.at(b, ch, oy, ox)] =
                        T::from_f64(if wy.is_outside(oy) || wx.is_outside(ox) {
                            f64::from(spec.extrapolation_of(ch as u32))
                        } else {
                            value(b, ch, oy, ox)
                        });
                }
            }
        }
    }
    output
}
