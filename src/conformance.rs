//! Conformance cases: resizes whose expected outputs were produced by PyTorch, Pillow, OpenCV and
//! ONNX Runtime themselves, in the format of `tests/data/conformance/README.md`. Each case's
//! structured `params` becomes a spec through [`crate::presets`].
//!
//! Parameters are read strictly, so that a case is never run without something it asks for: a
//! key the runner does not read, a value of the wrong type, or an output size in the
//! parameters other than `out_shape` is [`ConformanceError::BadParams`]. Beyond the bundled
//! cases' Pillow modes (`F`, `RGB`), `L` and `RGBA` are read, `RGBA` premultiplied as Pillow
//! resizes it. A Pillow case rounds its 8-bit passes in the order of the release its
//! `reference` names (Pillow 12's up to 12.x, Pillow 13's after and where none is named:
//! [`crate::RoundingOrder`]). A Pillow case may also give `box` (`[left, top, right, bottom]`),
//! `reducing_gap`, `thumbnail_wh` (`Image.thumbnail`'s
//! bound, whose size and gap of 2 the runner derives), `reduce` (`Image.reduce`'s `[x, y]`
//! factors, with a `box` of whole pixels and no filter), or `imageops` (`fit`, `contain`,
//! `cover` or `pad`, with the `requested_wh` size, `fit`'s `bleed`, `fit`'s and `pad`'s
//! `centering` and `pad`'s `color` (a number, or a list of one per channel), from which the
//! runner derives the box, the size or the bands). An OpenCV case may give `letterbox_wh` (the
//! canvas of a detector's letterbox, with `scale_up` and `fill`, a number or one per channel;
//! its `dsize_wh` is then the size `cv2.resize` was given), or `cut` (`[top, left, bottom,
//! right]`: `cv2.resize` of that slice of the image, [`crate::ResizeSpecBuilder::cut`]).

use std::path::{Path as FsPath, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use crate::error::{ResizeError, SpecError};
use crate::gpu::Resizer;
use crate::npy::{self, NpyError};
use crate::plan::Path;
use crate::presets::{self, OnnxCoordinates, OnnxMode, OnnxResize, TorchMode, TorchOutput};
use crate::readback::compare;
use crate::spec::{
    ElementType, Layout, NearestRule, ResizeSpec, ResizeSpecBuilder, RoundingOrder, Size2,
};
use crate::{presets::OpenCvInterpolation, presets::PillowFilter, reference};

/// One case of `cases.json`.
#[derive(Clone, Debug, Deserialize)]
pub struct Case {
    /// Unique name.
    pub id: String,
    /// Input `.npy` file, relative to the cases' folder.
    pub input: String,
    /// Expected output `.npy` file.
    pub output: String,
    /// `[n, h, w, c]`.
    pub in_shape: [u32; 4],
    /// `[n, h, w, c]`.
    pub out_shape: [u32; 4],
    /// `"float32"` or `"uint8"`.
    pub dtype: String,
    /// The library and version that produced the output.
    #[serde(default)]
    pub reference: String,
    /// The exact reference call, for reading.
    #[serde(default)]
    pub call: String,
    /// The call in structured form.
    pub params: Value,
    /// Largest allowed absolute difference.
    pub tolerance_max_abs: f64,
}

/// A case that could not be loaded or run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConformanceError {
    /// `cases.json` could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// `cases.json` is not valid.
    #[error("{path}: {source}")]
    Json {
        /// The file.
        path: String,
        /// The cause.
        source: serde_json::Error,
    },
    /// A `.npy` file could not be read.
    #[error(transparent)]
    Npy(#[from] NpyError),
    /// A parameter is missing or has a value this library does not know.
    #[error("case {id}: {what}")]
    BadParams {
        /// The case.
        id: String,
        /// What is wrong.
        what: String,
    },
    /// The spec built from the parameters is invalid.
    #[error("case {id}: {source}")]
    Spec {
        /// The case.
        id: String,
        /// The cause.
        source: SpecError,
    },
    /// The resize failed.
    #[error("case {id}: {source}")]
    Resize {
        /// The case.
        id: String,
        /// The cause.
        source: ResizeError,
    },
}

/// Where a case runs.
#[derive(Clone, Copy)]
pub enum Runner<'a> {
    /// The CPU reference.
    Cpu,
    /// A GPU path.
    Gpu(&'a Resizer, Path),
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The case.
    pub id: String,
    /// Largest absolute difference from the expected output.
    pub max_abs: f64,
    /// The case's tolerance.
    pub tolerance: f64,
}

impl Outcome {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.max_abs <= self.tolerance
    }
}

/// Reads `dir/cases.json`.
pub fn load_cases(dir: &FsPath) -> Result<Vec<Case>, ConformanceError> {
    let path = dir.join("cases.json");
    let text = std::fs::read_to_string(&path).map_err(|source| ConformanceError::Io {
        path: path.display().to_string(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| ConformanceError::Json {
        path: path.display().to_string(),
        source,
    })
}

impl Case {
    fn bad(&self, what: impl Into<String>) -> ConformanceError {
        ConformanceError::BadParams {
            id: self.id.clone(),
            what: what.into(),
        }
    }

    fn str_param<'a>(&'a self, object: &'a Value, key: &str) -> Result<&'a str, ConformanceError> {
        object
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| self.bad(format!("missing string parameter {key:?}")))
    }

    /// `object[key]` where present and not null, which must then be what `read` takes
    /// (`expected` says what that is): a value of another type is an error, not the default.
    fn optional<'a, T>(
        &self,
        object: &'a Value,
        key: &str,
        expected: &str,
        read: impl FnOnce(&'a Value) -> Option<T>,
    ) -> Result<Option<T>, ConformanceError> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => read(value)
                .map(Some)
                .ok_or_else(|| self.bad(format!("{key} is {value}; expected {expected}"))),
        }
    }

    /// The values of a band-filling parameter (`color`, `fill`): a number, the same in every
    /// channel, or a list of one number per channel.
    fn fill_param(&self, object: &Value, key: &str) -> Result<Option<Fill>, ConformanceError> {
        self.optional(object, key, "a number or a list of numbers", |v| match v {
            Value::Array(values) => values
                .iter()
                .map(|v| v.as_f64().map(|v| v as f32))
                .collect::<Option<Vec<f32>>>()
                .map(Fill::PerChannel),
            _ => v.as_f64().map(|v| Fill::Uniform(v as f32)),
        })
    }

    /// Refuses keys of `object` other than `known`: a parameter this runner does not read
    /// would be run without, and its case compared against what it did not compute.
    fn only_known(
        &self,
        object: &Value,
        what: &str,
        known: &[&str],
    ) -> Result<(), ConformanceError> {
        let Some(map) = object.as_object() else {
            return Err(self.bad(format!("{what} is {object}; expected an object")));
        };
        match map.keys().find(|key| !known.contains(&key.as_str())) {
            Some(key) => Err(self.bad(format!(
                "{what} has {key:?}, which this runner does not read; it reads {}",
                known.join(", ")
            ))),
            None => Ok(()),
        }
    }

    /// Refuses an output size stated in the parameters under `key` other than `expected`: the
    /// size `out_shape` gives, in the order that key writes it. Whether one is stated.
    fn same_size(&self, key: &str, expected: &[u32]) -> Result<bool, ConformanceError> {
        let stated = self.optional(&self.params, key, "an array of whole numbers", |v| {
            v.as_array()?
                .iter()
                .map(|n| n.as_u64().and_then(|n| u32::try_from(n).ok()))
                .collect::<Option<Vec<u32>>>()
        })?;
        match stated {
            Some(stated) if stated != expected => Err(self.bad(format!(
                "{key} is {stated:?}, and out_shape {:?} makes it {expected:?}",
                self.out_shape
            ))),
            stated => Ok(stated.is_some()),
        }
    }

    /// The order in which the Pillow release that made the case rounds between passes, read
    /// from `reference` ("Pillow 12.3.0"): Pillow 12's up to 12.x, Pillow 13's from 13.0 and
    /// where the case names no release.
    fn pillow_order(&self) -> Result<RoundingOrder, ConformanceError> {
        if self.reference.is_empty() {
            return Ok(RoundingOrder::Pillow13);
        }
        let major = self
            .reference
            .strip_prefix("Pillow ")
            .and_then(|version| version.split('.').next()?.parse::<u32>().ok())
            .ok_or_else(|| {
                self.bad(format!(
                    "reference {:?} names no Pillow release (\"Pillow 12.3.0\", say)",
                    self.reference
                ))
            })?;
        Ok(if major <= 12 {
            RoundingOrder::Pillow12
        } else {
            RoundingOrder::Pillow13
        })
    }

    fn element(&self) -> Result<ElementType, ConformanceError> {
        match self.dtype.as_str() {
            "float32" => Ok(ElementType::F32),
            "uint8" => Ok(ElementType::U8),
            other => Err(self.bad(format!("dtype {other:?}; known: float32, uint8"))),
        }
    }

    /// The spec this case describes (NHWC, as the case files are stored).
    pub fn spec(&self) -> Result<ResizeSpec, ConformanceError> {
        let [n, in_h, in_w, c] = self.in_shape;
        let [_, out_h, out_w, _] = self.out_shape;
        let (input, output) = (Size2::new(in_h, in_w), Size2::new(out_h, out_w));
        let p = &self.params;
        let spec_error = |source| ConformanceError::Spec {
            id: self.id.clone(),
            source,
        };
        // A layout the case names (ONNX's, whose `only_known` alone takes the key): the
        // spec's, its files transposed to run it.
        let layout_asked = self.optional(p, "layout", "\"NCHW\" or \"NHWC\"", |v| {
            match v.as_str()? {
                "NCHW" => Some(Layout::Nchw),
                "NHWC" => Some(Layout::Nhwc),
                _ => None,
            }
        })?;
        let builder = match self.str_param(p, "library")? {
            "torch" => {
                self.only_known(
                    p,
                    "params",
                    &[
                        "library",
                        "mode",
                        "size",
                        "scale_factor",
                        "recompute_scale_factor",
                        "align_corners",
                        "antialias",
                    ],
                )?;
                let sized = self.same_size("size", &[out_h, out_w])?;
                let mode = self.str_param(p, "mode")?;
                let mode = TorchMode::from_name(mode)
                    .ok_or_else(|| self.bad(format!("torch mode {mode:?}")))?;
                let flag = |key| {
                    self.optional(p, key, "true, false or null", Value::as_bool)
                        .map(|set| set.unwrap_or(false))
                };
                // One factor for both axes, or [y, x] as PyTorch takes a pair.
                let scale =
                    self.optional(p, "scale_factor", "a number or [y, x]", |v| match v {
                        Value::Array(pair) => match pair.as_slice() {
                            [y, x] => Some((y.as_f64()?, x.as_f64()?)),
                            _ => None,
                        },
                        v => v.as_f64().map(|s| (s, s)),
                    })?;
                let out = match (sized, scale) {
                    (true, Some(_)) => {
                        return Err(self.bad("torch case with both size and scale_factor"));
                    }
                    (true, None) => TorchOutput::Size(output),
                    (false, Some((y, x))) => TorchOutput::ScaleFactor {
                        y,
                        x,
                        recompute: flag("recompute_scale_factor")?,
                    },
                    (false, None) => {
                        return Err(self.bad("torch case without size or scale_factor"));
                    }
                };
                presets::torch(input, out, mode, flag("align_corners")?, flag("antialias")?)
                    .map_err(spec_error)?
            }
            "pillow" => {
                self.only_known(
                    p,
                    "params",
                    &[
                        "library",
                        "image_mode",
                        "size_wh",
                        "filter",
                        "box",
                        "reducing_gap",
                        "thumbnail_wh",
                        "reduce",
                        "imageops",
                        "requested_wh",
                        "bleed",
                        "centering",
                        "color",
                    ],
                )?;
                self.same_size("size_wh", &[out_w, out_h])?;
                // Pillow's modes: one float or 8-bit channel, RGB, and RGBA, which it resizes
                // premultiplied (`presets::pillow`).
                let (channels, dtype) =
                    match self.optional(p, "image_mode", "a string", Value::as_str)? {
                        Some("F") => (1, "float32"),
                        Some("L") => (1, "uint8"),
                        Some("RGB") => (3, "uint8"),
                        Some("RGBA") => (4, "uint8"),
                        Some(other) => {
                            return Err(self.bad(format!(
                                "Pillow image_mode {other:?}; known: F, L, RGB, RGBA"
                            )));
                        }
                        None => (c, self.dtype.as_str()),
                    };
                if (channels, dtype) != (c, self.dtype.as_str()) {
                    return Err(self.bad(format!(
                        "image_mode holds {channels} {dtype} channels; the case has {c} {}",
                        self.dtype
                    )));
                }
                let numbers = |key| {
                    self.optional(p, key, "an array of numbers", |v| {
                        v.as_array()?
                            .iter()
                            .map(Value::as_f64)
                            .collect::<Option<Vec<f64>>>()
                    })
                };
                if let Some(factors) = numbers("reduce")? {
                    // Image.reduce(factor, box): no filter; RGBA averaged premultiplied.
                    self.only_known(
                        p,
                        "params",
                        &["library", "image_mode", "size_wh", "reduce", "box"],
                    )?;
                    let &[fx, fy] = factors.as_slice() else {
                        return Err(self.bad(format!("reduce is {factors:?}; expected [x, y]")));
                    };
                    let region = self.pillow_box()?.map(|[left, top, right, bottom]| {
                        [top, left, bottom, right].map(|v| v as u32)
                    });
                    let factors = Size2::new(fy as u32, fx as u32);
                    // The case's output size, which the reduction's must be.
                    presets::pillow_reduce(input, factors, region)
                        .map_err(spec_error)?
                        .sizes(input, output)
                        .premultiplied_alpha(channels == 4)
                } else {
                    let filter = match self.str_param(p, "filter")? {
                        "NEAREST" => PillowFilter::Nearest,
                        "BOX" => PillowFilter::Box,
                        "BILINEAR" => PillowFilter::Bilinear,
                        "HAMMING" => PillowFilter::Hamming,
                        "BICUBIC" => PillowFilter::Bicubic,
                        "LANCZOS" => PillowFilter::Lanczos,
                        "MKS2013" => PillowFilter::Mks2013,
                        "MKS2021" => PillowFilter::Mks2021,
                        other => return Err(self.bad(format!("Pillow filter {other:?}"))),
                    };
                    let mut gap = self.optional(p, "reducing_gap", "a number", Value::as_f64)?;
                    if let Some(bound) = numbers("thumbnail_wh")? {
                        // Image.thumbnail: its size from the bound, its default gap.
                        let &[w, h] = bound.as_slice() else {
                            return Err(
                                self.bad(format!("thumbnail_wh is {bound:?}; expected [w, h]"))
                            );
                        };
                        let bound = Size2::new(h as u32, w as u32);
                        let size = presets::pillow_thumbnail_size(input, bound).unwrap_or(input);
                        if size != output {
                            return Err(self.bad(format!(
                                "Image.thumbnail within {bound:?} makes {size:?}, and out_shape \
                                 {:?} makes {output:?}",
                                self.out_shape
                            )));
                        }
                        gap = gap.or(Some(presets::PILLOW_THUMBNAIL_GAP));
                    }
                    let mut builder = self
                        .pillow_imageops(input, output, filter)?
                        .premultiplied_alpha(presets::pillow_premultiplies(filter, channels))
                        .rounding_order(self.pillow_order()?)
                        .reducing_gap(gap);
                    // In f64 as Python holds it: the preset's arithmetic takes it to f32 as
                    // Pillow's C code does.
                    if let Some([left, top, right, bottom]) = self.pillow_box()? {
                        builder = builder.crop_box([top, left, bottom, right]);
                    }
                    builder
                }
            }
            "opencv" => {
                self.only_known(
                    p,
                    "params",
                    &[
                        "library",
                        "dsize_wh",
                        "interpolation",
                        "letterbox_wh",
                        "scale_up",
                        "fill",
                        "cut",
                    ],
                )?;
                let interpolation = match self.str_param(p, "interpolation")? {
                    "INTER_NEAREST" => OpenCvInterpolation::Nearest,
                    "INTER_NEAREST_EXACT" => OpenCvInterpolation::NearestExact,
                    "INTER_LINEAR" => OpenCvInterpolation::Linear,
                    "INTER_LINEAR_EXACT" => OpenCvInterpolation::LinearExact,
                    "INTER_CUBIC" => OpenCvInterpolation::Cubic,
                    "INTER_AREA" => OpenCvInterpolation::Area,
                    "INTER_LANCZOS4" => OpenCvInterpolation::Lanczos4,
                    other => return Err(self.bad(format!("OpenCV interpolation {other:?}"))),
                };
                match self.cut_param()? {
                    // `cv2.resize(x[top:bottom, left:right], ..)`: the preset chooses by the
                    // slice's size (INTER_AREA's rule), the spec reads the whole image.
                    Some(cut @ [top, left, bottom, right]) => {
                        if self.params.get("letterbox_wh").is_some() {
                            return Err(self.bad("an OpenCV case with both cut and letterbox_wh"));
                        }
                        self.same_size("dsize_wh", &[output.width, output.height])?;
                        // (An empty or reversed slice is the spec's error when it is built.)
                        let slice =
                            Size2::new(bottom.saturating_sub(top), right.saturating_sub(left));
                        presets::opencv(slice, output, interpolation)
                            .sizes(input, output)
                            .cut(Some(cut))
                    }
                    None => self
                        .opencv_letterbox(input, output, interpolation)?
                        .unwrap_or_else(|| presets::opencv(input, output, interpolation)),
                }
            }
            "onnx" => {
                self.only_known(
                    p,
                    "params",
                    &["library", "opset", "layout", "sizes", "roi", "attrs"],
                )?;
                // The layout of the tensor ONNX Runtime resized, which picks its uint8
                // kernel, orders `sizes` and `roi`: NCHW where the case names none.
                let layout = layout_asked.unwrap_or(Layout::Nchw);
                match layout {
                    Layout::Nchw => self.same_size("sizes", &[n, c, out_h, out_w])?,
                    Layout::Nhwc => self.same_size("sizes", &[n, out_h, out_w, c])?,
                };
                let node = self.onnx_node(layout)?;
                let opset = self
                    .optional(p, "opset", "an opset number", |v| {
                        u32::try_from(v.as_u64()?).ok()
                    })?
                    .ok_or_else(|| self.bad("missing opset"))?;
                node.check_opset(opset)
                    .map_err(|e| self.bad(e.to_string()))?;
                presets::onnx(input, output, &node).map_err(spec_error)?
            }
            other => return Err(self.bad(format!("library {other:?}"))),
        };
        let builder = match layout_asked {
            Some(layout) => builder.layout(layout),
            None => builder,
        };
        builder
            .batch(n)
            .channels(c)
            .element(self.element()?)
            .build()
            .map_err(spec_error)
    }

    /// A Pillow case's `box`, `[left, top, right, bottom]` as Pillow writes it, if given.
    fn pillow_box(&self) -> Result<Option<[f64; 4]>, ConformanceError> {
        let corners = self.optional(&self.params, "box", "an array of numbers", |v| {
            v.as_array()?
                .iter()
                .map(Value::as_f64)
                .collect::<Option<Vec<f64>>>()
        })?;
        corners
            .map(|corners| {
                <[f64; 4]>::try_from(corners.as_slice()).map_err(|_| {
                    self.bad(format!(
                        "box is {corners:?}; expected [left, top, right, bottom]"
                    ))
                })
            })
            .transpose()
    }

    /// The builder of a Pillow case from `input` to `output` with `filter`: `Image.resize`, or
    /// where `imageops` names one, `ImageOps.fit` (its box from `requested_wh`, `bleed` and
    /// `centering`), `ImageOps.contain` or `ImageOps.cover` (whose size from `requested_wh`
    /// must be the output's).
    fn pillow_imageops(
        &self,
        input: Size2,
        output: Size2,
        filter: PillowFilter,
    ) -> Result<ResizeSpecBuilder, ConformanceError> {
        let p = &self.params;
        let Some(operation) = self.optional(p, "imageops", "a string", Value::as_str)? else {
            return Ok(presets::pillow(input, output, filter));
        };
        let requested = self
            .size_param("requested_wh")?
            .ok_or_else(|| self.bad(format!("ImageOps.{operation} without requested_wh")))?;
        let sized = match operation {
            "fit" | "pad" => requested,
            "contain" => presets::pillow_contain_size(input, requested).unwrap_or(Size2::new(0, 0)),
            "cover" => presets::pillow_cover_size(input, requested),
            other => {
                return Err(self.bad(format!(
                    "imageops {other:?}; known: fit, contain, cover, pad"
                )));
            }
        };
        if sized != output {
            return Err(self.bad(format!(
                "ImageOps.{operation} of {input:?} to {requested:?} makes {sized:?}, and \
                 out_shape {:?} makes {output:?}",
                self.out_shape
            )));
        }
        let centering = self.optional(p, "centering", "[x, y]", |v| {
            match v.as_array()?.as_slice() {
                [x, y] => Some((x.as_f64()?, y.as_f64()?)),
                _ => None,
            }
        })?;
        if operation == "pad" {
            // `color`: one value in every channel or one per channel (None, Pillow's black,
            // where not given).
            let color = self.fill_param(p, "color")?.unwrap_or(Fill::Uniform(0.0));
            let centering = centering.unwrap_or((0.5, 0.5));
            let pad = presets::pillow_pad(input, output, filter, centering)
                .map_err(|e| self.bad(e.to_string()))?;
            return Ok(color.applied(pad));
        }
        if operation != "fit" {
            return Ok(presets::pillow(input, output, filter));
        }
        let bleed = self.optional(p, "bleed", "a number", Value::as_f64)?;
        Ok(presets::pillow_fit(
            input,
            output,
            filter,
            bleed.unwrap_or(0.0),
            centering.unwrap_or((0.5, 0.5)),
        ))
    }

    /// The size a `[w, h]` parameter gives, if the case gives it.
    fn size_param(&self, key: &str) -> Result<Option<Size2>, ConformanceError> {
        self.optional(&self.params, key, "[w, h]", |v| {
            match v.as_array()?.as_slice() {
                [w, h] => Some(Size2::new(
                    u32::try_from(h.as_u64()?).ok()?,
                    u32::try_from(w.as_u64()?).ok()?,
                )),
                _ => None,
            }
        })
    }

    /// A case's `cut`, `[top, left, bottom, right]`: the slice of the image the library
    /// resized (the spec checks that it lies inside the input).
    fn cut_param(&self) -> Result<Option<[u32; 4]>, ConformanceError> {
        self.optional(&self.params, "cut", "[top, left, bottom, right]", |v| {
            let corners: Vec<u32> = v
                .as_array()?
                .iter()
                .map(|c| u32::try_from(c.as_u64()?).ok())
                .collect::<Option<_>>()?;
            corners.try_into().ok()
        })
    }

    /// An OpenCV case's letterbox, where `letterbox_wh` gives its canvas (the output): the
    /// image's size from the letterbox's geometry must be `dsize_wh`, the size `cv2.resize` was
    /// given, and the bands take `fill`. `None` for a plain `cv2.resize`, whose `dsize_wh` is
    /// the output.
    fn opencv_letterbox(
        &self,
        input: Size2,
        output: Size2,
        interpolation: OpenCvInterpolation,
    ) -> Result<Option<ResizeSpecBuilder>, ConformanceError> {
        let p = &self.params;
        let Some(canvas) = self.size_param("letterbox_wh")? else {
            self.same_size("dsize_wh", &[output.width, output.height])?;
            return Ok(None);
        };
        self.same_size("letterbox_wh", &[output.width, output.height])?;
        let scale_up = self
            .optional(p, "scale_up", "a boolean", Value::as_bool)?
            .unwrap_or(true);
        let fill = self.fill_param(p, "fill")?.unwrap_or(Fill::Uniform(0.0));
        let (image, _) = crate::Padding::letterbox(input, canvas, scale_up);
        self.same_size("dsize_wh", &[image.width, image.height])?;
        let letterbox = presets::opencv_letterbox(input, canvas, interpolation, scale_up, 0.0);
        Ok(Some(fill.applied(letterbox)))
    }

    /// The case's ONNX node, its `roi` in the order of `layout`.
    fn onnx_node(&self, layout: Layout) -> Result<OnnxResize, ConformanceError> {
        let empty = Value::Object(Default::default());
        let attrs = self.params.get("attrs").unwrap_or(&empty);
        self.only_known(
            attrs,
            "attrs",
            &[
                "mode",
                "coordinate_transformation_mode",
                "nearest_mode",
                "cubic_coeff_a",
                "exclude_outside",
                "antialias",
                "extrapolation_value",
            ],
        )?;
        let string = |key| self.optional(attrs, key, "a string", Value::as_str);
        let mut node = OnnxResize::default();
        if let Some(mode) = string("mode")? {
            node.mode = match mode {
                "nearest" => OnnxMode::Nearest,
                "linear" => OnnxMode::Linear,
                "cubic" => OnnxMode::Cubic,
                other => return Err(self.bad(format!("ONNX mode {other:?}"))),
            };
        }
        if let Some(name) = string("coordinate_transformation_mode")? {
            node.coordinates = OnnxCoordinates::from_name(name)
                .ok_or_else(|| self.bad(format!("coordinate_transformation_mode {name:?}")))?;
        }
        if let Some(name) = string("nearest_mode")? {
            node.nearest_mode = match name {
                "round_prefer_floor" => NearestRule::RoundPreferFloor,
                "round_prefer_ceil" => NearestRule::RoundPreferCeil,
                "floor" => NearestRule::Floor,
                "ceil" => NearestRule::Ceil,
                other => return Err(self.bad(format!("nearest_mode {other:?}"))),
            };
        }
        let number = |key| self.optional(attrs, key, "a number", Value::as_f64);
        if let Some(a) = number("cubic_coeff_a")? {
            node.cubic_coeff_a = a;
        }
        let switch = |key| {
            self.optional(attrs, key, "0 or 1", |v| match v.as_i64()? {
                0 => Some(false),
                1 => Some(true),
                _ => None,
            })
        };
        node.exclude_outside = switch("exclude_outside")?.unwrap_or(false);
        node.antialias = switch("antialias")?.unwrap_or(false);
        if let Some(v) = number("extrapolation_value")? {
            node.extrapolation_value = v as f32;
        }
        let roi: Vec<f64> = self
            .optional(&self.params, "roi", "an array of numbers", |v| {
                v.as_array()?.iter().map(Value::as_f64).collect()
            })?
            .unwrap_or_default();
        if roi.len() == 8 {
            // Starts of the four axes then ends, in the tensor's order.
            node.roi = match layout {
                Layout::Nchw => [roi[2], roi[3], roi[6], roi[7]],
                Layout::Nhwc => [roi[1], roi[2], roi[5], roi[6]],
            };
        } else if !roi.is_empty() {
            return Err(self.bad(format!("roi has {} values; expected 0 or 8", roi.len())));
        }
        Ok(node)
    }

    /// Loads the case's data, runs it and compares with the expected output.
    pub fn run(&self, dir: &FsPath, runner: Runner<'_>) -> Result<Outcome, ConformanceError> {
        let spec = self.spec()?;
        let max_abs = match spec.element() {
            ElementType::F32 => self.run_typed::<f32>(dir, &spec, runner)?,
            ElementType::F16 => self.run_typed::<half::f16>(dir, &spec, runner)?,
            ElementType::U8 => self.run_typed::<u8>(dir, &spec, runner)?,
        };
        Ok(Outcome {
            id: self.id.clone(),
            max_abs,
            tolerance: self.tolerance_max_abs,
        })
    }

    fn run_typed<T>(
        &self,
        dir: &FsPath,
        spec: &ResizeSpec,
        runner: Runner<'_>,
    ) -> Result<f64, ConformanceError>
    where
        T: crate::Element + npyz::Deserialize + npy::NpyElement + Into<f64>,
    {
        let input = npy::read::<T>(&dir.join(&self.input))?;
        let expected = npy::read::<T>(&dir.join(&self.output))?;
        if input.shape != self.in_shape || expected.shape != self.out_shape {
            return Err(self.bad(format!(
                "files have shapes {:?} -> {:?}; cases.json says {:?} -> {:?}",
                input.shape, expected.shape, self.in_shape, self.out_shape
            )));
        }
        let resize_error = |source| ConformanceError::Resize {
            id: self.id.clone(),
            source,
        };
        // The files are NHWC; a spec of NCHW tensors runs on them transposed.
        let planar = spec.layout() == Layout::Nchw;
        let data = if planar {
            transposed(&input.data, self.in_shape, true)
        } else {
            input.data
        };
        let got = match runner {
            Runner::Cpu => reference::resize(spec, &data).map_err(resize_error)?,
            Runner::Gpu(resizer, path) => {
                resizer.resize(spec, &data, path).map_err(resize_error)?
            }
        };
        let got = if planar {
            transposed(&got, self.out_shape, false)
        } else {
            got
        };
        Ok(compare(&got, &expected.data).max_abs)
    }
}

/// A case's NHWC `data` of `shape` (`[n, h, w, c]`, as `in_shape` and `out_shape` give it) as
/// NCHW planes (`to_planes`), or NCHW planes of that shape back as NHWC: how a case of NCHW
/// tensors runs on its files ([`Case::run`]).
pub fn transposed<T: Copy>(data: &[T], [n, h, w, c]: [u32; 4], to_planes: bool) -> Vec<T> {
    let (n, h, w, c) = (n as usize, h as usize, w as usize, c as usize);
    let mut out = data.to_vec();
    for b in 0..n {
        for ch in 0..c {
            for y in 0..h {
                for x in 0..w {
                    let planar = ((b * c + ch) * h + y) * w + x;
                    let pixel = ((b * h + y) * w + x) * c + ch;
                    if to_planes {
                        out[planar] = data[pixel];
                    } else {
                        out[pixel] = data[planar];
                    }
                }
            }
        }
    }
    out
}

/// The default location of the cases inside this repository.
pub fn bundled_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance")
}

/// A case's value of its bands: one for every channel, or one per channel.
enum Fill {
    Uniform(f32),
    PerChannel(Vec<f32>),
}

impl Fill {
    /// `builder` with its extrapolation values these.
    fn applied(&self, builder: ResizeSpecBuilder) -> ResizeSpecBuilder {
        match self {
            Fill::Uniform(value) => builder.extrapolation_value(*value),
            Fill::PerChannel(values) => builder.extrapolation_values(values),
        }
    }
}
