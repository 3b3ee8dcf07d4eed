//! Video frames as planes: NV12 (luma, then interleaved Cb Cr at half resolution) and I420
//! (luma, Cb, Cr, each chroma plane at half resolution), resized plane by plane with one filter,
//! chroma samples kept at their siting.
//!
//! A [`VideoSpec`] holds the luma plane's spec (its sizes, filter, antialias, element type and
//! mapping: half-pixel, or a [`CoordinateMapping::Region`] to crop the frame) and the chroma
//! siting. Each chroma plane's spec follows from it: its sizes are the luma's halved (rounded
//! up), its ratio is the luma's, and its source region is shifted so that every output chroma
//! sample reads the input at the luma position it stands for. With luma crop region `s..e`,
//! luma ratio `r = (e - s) / out`, and `d` the siting offset on the axis (0.5 where chroma is
//! co-sited with a luma sample, 0 where it sits between two), output chroma sample `k` stands
//! at output luma edge coordinate `2k + 1 - d`, which maps to input luma `s + (2k + 1 - d) r`,
//! which is input chroma edge coordinate `(s + (2k + 1 - d) r + d) / 2`: a region starting at
//! `(s + d (1 - r)) / 2` with ratio `r`.

use crate::error::SpecError;
use crate::gather_arithmetic::GatherArithmetic;
use crate::spec::{CoordinateMapping, Filter, Layout, ResizeSpec, Size2};

/// How a frame's planes are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaneFormat {
    /// Luma plane, then one plane of interleaved Cb, Cr pairs (two channels).
    Nv12,
    /// Luma plane, Cb plane, Cr plane (one channel each).
    I420,
}

impl PlaneFormat {
    /// Planes in a frame.
    pub fn planes(self) -> usize {
        match self {
            PlaneFormat::Nv12 => 2,
            PlaneFormat::I420 => 3,
        }
    }
}

/// Where chroma samples sit relative to the luma grid (4:2:0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChromaSiting {
    /// Co-sited with the left luma column, centred between two luma rows: MPEG-2, H.264 and
    /// HEVC's default (`chroma_sample_loc_type` 0).
    #[default]
    Left,
    /// Centred between luma samples on both axes: JPEG, MPEG-1 (`chroma_sample_loc_type` 1).
    Center,
    /// Co-sited with the top-left luma sample: BT.2020 / HEVC `chroma_sample_loc_type` 2.
    TopLeft,
}

impl ChromaSiting {
    /// The offset `d` of each axis, (y, x): 0.5 where co-sited, 0 where centred.
    fn offsets(self) -> (f64, f64) {
        match self {
            ChromaSiting::Left => (0.0, 0.5),
            ChromaSiting::Center => (0.0, 0.0),
            ChromaSiting::TopLeft => (0.5, 0.5),
        }
    }
}

/// A resize of a planar video frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VideoSpec {
    /// The plane layout.
    pub format: PlaneFormat,
    /// The luma plane's spec: batch 1, one channel (either layout: for one channel they are
    /// the same bytes), not in linear light.
    pub luma: ResizeSpec,
    /// Chroma siting, the same in input and output.
    pub siting: ChromaSiting,
}

impl VideoSpec {
    /// A frame resize with `luma`'s filter and sizes.
    pub fn new(format: PlaneFormat, luma: ResizeSpec, siting: ChromaSiting) -> Self {
        VideoSpec {
            format,
            luma,
            siting,
        }
    }

    /// The spec of every plane in order: luma, then NV12's CbCr plane or I420's Cb and Cr.
    ///
    /// A typed error where the luma spec cannot make a frame: batch or channels other than 1,
    /// linear light (chroma holds colour differences, which no sRGB curve decodes), OpenCV's
    /// 8-bit fixed point (whole images only), padding, a sub-image (`cut`), a mapping
    /// other than half-pixel without a stated scale or a crop region, or a nearest rule that
    /// maps whole axes only (the chroma planes sample a shifted region). PyTorch's 8-bit fixed
    /// point maps whole images only too, and a luma spec from [`crate::presets::torch`] asks
    /// for it on u8 by default: its planes are resized as they would be without it (in floats,
    /// rounded once), all planes alike; so is ONNX Runtime's ([`crate::presets::onnx`]).
    pub fn plane_specs(&self) -> Result<Vec<ResizeSpec>, SpecError> {
        let luma = if self.luma.torch_fixed_point() || self.luma.onnx_fixed_point() {
            self.luma
                .to_builder()
                .torch_fixed_point(false)
                .onnx_fixed_point(false)
                .build()?
        } else {
            self.luma
        };
        if luma.batch() != 1 || luma.channels() != 1 {
            return Err(SpecError::Unsupported(format!(
                "a video frame's luma spec has batch 1 and one channel (it has batch {}, {} \
                 channels)",
                luma.batch(),
                luma.channels()
            )));
        }
        // Bands of padding would have to halve with the planes, and a band of odd width has no
        // chroma sample of its own to take.
        if !luma.padding().is_none() {
            return Err(SpecError::Unsupported(format!(
                "video planes take no padding (the luma spec pads by {:?}): resize the frame, \
                 then pad each plane",
                luma.padding()
            )));
        }
        // A slice would have to halve with the planes, and a slice of odd corners has no chroma
        // samples of its own.
        if let Some(cut) = luma.cut() {
            return Err(SpecError::Unsupported(format!(
                "video planes take no sub-image (the luma spec cuts {cut:?}): give the region \
                 as a crop (ResizeSpecBuilder::crop_box), which the chroma planes sample at \
                 their own siting"
            )));
        }
        // Chroma planes hold colour differences, not sRGB-encoded values, so decoding them to
        // linear light means nothing; and a luma plane resized in linear light beside chroma
        // resized as stored would shift the frame's colours. Refused rather than dropped.
        if luma.linear_light() {
            return Err(SpecError::Unsupported(
                "video planes hold Y'CbCr, not sRGB-encoded colour: a linear-light resize \
                 needs RGB pixels (convert the frame to RGB first)"
                    .into(),
            ));
        }
        // The chroma planes map regions shifted to keep their siting, and OpenCV's fixed
        // point and ONNX Runtime's plain linear on uint8 map whole images only: said here, in
        // a frame's terms.
        if let Some(arithmetic) = luma.gather_arithmetic() {
            let setting = match arithmetic {
                GatherArithmetic::OpenCv(_) => "opencv_fixed_point",
                GatherArithmetic::OnnxLinear(_) => "onnx_fixed_point",
            };
            return Err(SpecError::Unsupported(format!(
                "video chroma planes sample a region shifted to keep their siting, which {} \
                 does not take (it maps whole images): build the luma spec without {setting}",
                arithmetic.name()
            )));
        }
        let half = |s: Size2| Size2::new(s.height.div_ceil(2), s.width.div_ceil(2));
        let (chroma_in, chroma_out) = (half(luma.input()), half(luma.output()));
        let (dy, dx) = self.siting.offsets();
        let region = |axis: &crate::spec::AxisResample, len_in: u32, len_out: u32, d: f64| {
            let (s, e) = match axis.mapping {
                CoordinateMapping::HalfPixel if axis.scale.is_none() => (0.0, len_in as f64),
                CoordinateMapping::Region { start, end } => (start, end),
                other => {
                    return Err(SpecError::Unsupported(format!(
                        "video planes take a half-pixel mapping (without a stated scale) or a \
                         crop region, not {other:?}"
                    )));
                }
            };
            if let Filter::Nearest(rule) = axis.filter
                && rule.maps_whole_axes_only()
            {
                return Err(SpecError::Unsupported(format!(
                    "video chroma planes sample a region shifted to keep their siting, and \
                     nearest rule {rule:?} maps whole axes only; use a rounding rule or \
                     Pillow's"
                )));
            }
            let r = (e - s) / len_out as f64;
            let start = (s + d * (1.0 - r)) / 2.0;
            Ok(axis.with_mapping(CoordinateMapping::Region {
                start,
                end: start + r * len_out.div_ceil(2) as f64,
            }))
        };
        let (inp, out) = (luma.input(), luma.output());
        let y = region(luma.y_axis(), inp.height, out.height, dy)?;
        let x = region(luma.x_axis(), inp.width, out.width, dx)?;
        let chroma = |channels| {
            ResizeSpec::builder(chroma_in, chroma_out)
                .channels(channels)
                // NV12's Cb, Cr pairs interleave: pixels of two channels, whatever layout the
                // one-channel luma spec named (for one channel the two are the same bytes).
                .layout(Layout::Nhwc)
                .element(luma.element())
                .y_axis(y)
                .x_axis(x)
                .round_intermediate(luma.round_intermediate())
                // Each plane takes the order for its own sizes, as a plane resized on its own
                // as an image would.
                .rounding_order(luma.rounding_order())
                .extrapolation_value(luma.extrapolation_value())
                .build()
        };
        Ok(match self.format {
            PlaneFormat::Nv12 => vec![luma, chroma(2)?],
            PlaneFormat::I420 => {
                let c = chroma(1)?;
                vec![luma, c, c]
            }
        })
    }
}
