//! Batched crop-and-resize, host side: the boxes, the spec each box resizes with, and the CPU
//! reference. Detection and tracking pipelines cut many boxes out of one frame and resize each
//! to the network's input size; [`crate::Resizer::encode_crops`] does all of them in one
//! dispatch, each box with its own weight tables.
//!
//! A batch is described by a *template* [`ResizeSpec`]: its batch and input size are the source
//! images', its output size each crop's, and its filter, antialias, border, element type and
//! colour options apply to every box. Its coordinate mapping says how box coordinates read:
//!
//! - [`CoordinateMapping::TfCropAndResize`] (any start and end): fractions of `size - 1`, as
//!   TensorFlow's `tf.image.crop_and_resize` and ONNX `Resize` with `tf_crop_and_resize` take
//!   them; outputs that map outside the image take the extrapolation value; a box may be flipped
//!   (`bottom < top`).
//! - [`CoordinateMapping::Region`] (any region): input pixels, pixel `j` spanning `j..j+1`, as
//!   Pillow's `resize(size, box=...)`.
//! - A template with a sub-image ([`crate::ResizeSpecBuilder::cut`], any slice: the whole
//!   image, say), whatever its mapping: whole pixels `[top, left, bottom, right]`, each box a
//!   slice resized as an image of its own, its edges the resize's borders, as
//!   `cv2.resize(img[top:bottom, left:right], ..)` or `F.interpolate` of the slice. Its boxes
//!   read their slices in place, in one dispatch, as a lone spec's gather path does.

use crate::element::Element;
use crate::error::{ResizeError, SpecError};
use crate::reference;
use crate::spec::{CoordinateMapping, ResizeSpec};

/// One box of a crop batch, in the coordinates the template's mapping names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CropBox {
    /// The source image it is cut from (TensorFlow's `box_ind`).
    pub image: u32,
    /// Top edge (y1).
    pub top: f64,
    /// Left edge (x1).
    pub left: f64,
    /// Bottom edge (y2).
    pub bottom: f64,
    /// Right edge (x2).
    pub right: f64,
}

impl CropBox {
    /// A box of `image` from `[y1, x1, y2, x2]`, TensorFlow's order.
    pub fn new(image: u32, [top, left, bottom, right]: [f64; 4]) -> Self {
        CropBox {
            image,
            top,
            left,
            bottom,
            right,
        }
    }
}

/// The spec one box resizes with: the template's, on one image, with the box as its mapping.
/// Errors name the box when its image is out of range or its coordinates are not allowed.
pub fn box_spec(template: &ResizeSpec, crop: &CropBox) -> Result<ResizeSpec, SpecError> {
    if crop.image >= template.batch() {
        return Err(SpecError::Unsupported(format!(
            "a crop box cuts from image {} but the source batch holds {} image(s)",
            crop.image,
            template.batch()
        )));
    }
    if template.cut().is_some() {
        let corners = [crop.top, crop.left, crop.bottom, crop.right];
        let whole = |v: f64| v >= 0.0 && v <= f64::from(u32::MAX) && v.fract() == 0.0;
        if !corners.iter().all(|&v| whole(v)) {
            return Err(SpecError::Unsupported(format!(
                "a crop batch of sub-images takes boxes of whole pixels [top, left, bottom, \
                 right], not {corners:?}"
            )));
        }
        let cut = corners.map(|v| v as u32);
        return template.to_builder().batch(1).cut(Some(cut)).build();
    }
    let axes = [
        (template.y_axis(), crop.top, crop.bottom),
        (template.x_axis(), crop.left, crop.right),
    ];
    let [y, x] = axes.map(|(rule, start, end)| {
        let mapping = match rule.mapping {
            CoordinateMapping::TfCropAndResize { .. } => {
                Ok(CoordinateMapping::TfCropAndResize { start, end })
            }
            CoordinateMapping::Region { .. } => Ok(CoordinateMapping::Region { start, end }),
            other => Err(SpecError::Unsupported(format!(
                "a crop batch's template maps coordinates with {other:?}; it needs \
                 TfCropAndResize (boxes as fractions) or Region (boxes in pixels)"
            ))),
        };
        mapping.map(|m| rule.with_mapping(m))
    });
    template.to_builder().batch(1).y_axis(y?).x_axis(x?).build()
}

/// The spec of a crop batch's output as a whole: the template with one image per box.
pub fn output_spec(template: &ResizeSpec, boxes: u32) -> Result<ResizeSpec, SpecError> {
    template.to_builder().batch(boxes).build()
}

/// CPU reference of a crop batch: each box resized from its image by [`reference::resize`],
/// the results one after another.
pub fn reference<T: Element>(
    template: &ResizeSpec,
    boxes: &[CropBox],
    input: &[T],
) -> Result<Vec<T>, ResizeError> {
    if input.len() != template.input_len() {
        return Err(ResizeError::WrongLength {
            which: "input",
            expected: template.input_len(),
            got: input.len(),
        });
    }
    // The batch index is outermost in both layouts: each image is one contiguous block.
    let image_len = template.input_len() / template.batch() as usize;
    let mut output = Vec::new();
    for crop in boxes {
        let spec = box_spec(template, crop)?;
        let first = crop.image as usize * image_len;
        output.extend(reference::resize(&spec, &input[first..first + image_len])?);
    }
    Ok(output)
}
