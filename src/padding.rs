//! Padding: the resized image placed inside a larger output, the bands around it filled with
//! one value ([`crate::ResizeSpecBuilder::padding`]). Detectors take square inputs, so ML
//! pipelines letterbox a 16:9 frame into them (the frame resized to keep its aspect ratio, the
//! rest filled with grey), and Pillow's `ImageOps.pad` does the same for images. Done as one
//! resize, the bands cost a store each and the image is never copied: the output's rows and
//! columns in the bands are table rows flagged outside the input
//! ([`crate::AxisWeights::padded`]), which every kernel already writes with the extrapolation
//! value, and the rows between hold the table of the image's own resize, so the image inside
//! is, to the bit, the resize to its own size.
//!
//! [`Padding::letterbox`] and [`Padding::pillow_pad`] give the two conventions' placements.

use crate::spec::Size2;

/// Bands of the output around the resized image, in output pixels: the output is the image
/// grown by the bands, the image at (`top`, `left`), and the bands take the spec's
/// extrapolation value ([`crate::ResizeSpecBuilder::padding`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Padding {
    /// Rows above the image.
    pub top: u32,
    /// Columns left of the image.
    pub left: u32,
    /// Rows below the image.
    pub bottom: u32,
    /// Columns right of the image.
    pub right: u32,
}

impl Padding {
    /// No bands: the image fills the output.
    pub const NONE: Padding = Padding {
        top: 0,
        left: 0,
        bottom: 0,
        right: 0,
    };

    /// Bands of `top`, `left`, `bottom` and `right` pixels.
    pub const fn new(top: u32, left: u32, bottom: u32, right: u32) -> Self {
        Padding {
            top,
            left,
            bottom,
            right,
        }
    }

    /// The bands that place an image of `image` pixels at (`top`, `left`) in an output of
    /// `output` pixels; `None` where it does not fit.
    pub fn placing(image: Size2, output: Size2, top: u32, left: u32) -> Option<Self> {
        let bottom = output.height.checked_sub(image.height)?.checked_sub(top)?;
        let right = output.width.checked_sub(image.width)?.checked_sub(left)?;
        Some(Padding::new(top, left, bottom, right))
    }

    /// Whether there are no bands.
    pub fn is_none(&self) -> bool {
        *self == Padding::NONE
    }

    /// The letterbox of detectors' preprocessing (`cv2.resize` then `cv2.copyMakeBorder`):
    /// `input` scaled by `r = min(H / h, W / w)` (at most 1 unless `scale_up`) to
    /// `round(w · r) × round(h · r)`, centred in the `canvas`, an odd leftover's extra pixel
    /// below and right (each band `round(d / 2 ∓ 0.1)`). Returns the image's size and the
    /// bands; Python's `round`, halves to even, throughout.
    pub fn letterbox(input: Size2, canvas: Size2, scale_up: bool) -> (Size2, Padding) {
        let r = f64::min(
            f64::from(canvas.height) / f64::from(input.height),
            f64::from(canvas.width) / f64::from(input.width),
        );
        let r = if scale_up { r } else { r.min(1.0) };
        // At least one pixel, and no more than the canvas, whatever the rounding.
        let scaled =
            |len: u32, limit: u32| ((f64::from(len) * r).round_ties_even() as u32).clamp(1, limit);
        let image = Size2::new(
            scaled(input.height, canvas.height),
            scaled(input.width, canvas.width),
        );
        let split = |leftover: u32| {
            let half = f64::from(leftover) / 2.0;
            (
                (half - 0.1).round_ties_even() as u32,
                (half + 0.1).round_ties_even() as u32,
            )
        };
        let (top, bottom) = split(canvas.height - image.height);
        let (left, right) = split(canvas.width - image.width);
        (image, Padding::new(top, left, bottom, right))
    }

    /// Pillow's `ImageOps.pad(image, size, centering=centering)` placement of an image of
    /// `image` pixels (its `ImageOps.contain` size) in an output of `output` pixels: the image
    /// spans the output along one axis, and along the other it starts at
    /// `round(leftover · c)`, `c` the centering's fraction for that axis clamped to 0..1
    /// (`centering` is `(x, y)`, as Pillow's). `None` where the image does not fit.
    pub fn pillow_pad(image: Size2, output: Size2, centering: (f64, f64)) -> Option<Self> {
        let offset = |leftover: u32, c: f64| {
            (f64::from(leftover) * c.clamp(0.0, 1.0)).round_ties_even() as u32
        };
        let leftover_x = output.width.checked_sub(image.width)?;
        let leftover_y = output.height.checked_sub(image.height)?;
        // Pillow pastes at (x, 0) where the widths differ, else at (0, y).
        let (top, left) = if leftover_x != 0 {
            (0, offset(leftover_x, centering.0))
        } else {
            (offset(leftover_y, centering.1), 0)
        };
        Padding::placing(image, output, top, left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_leaves_the_rest_below_and_right() {
        let output = Size2::new(10, 20);
        assert_eq!(
            Padding::placing(Size2::new(6, 14), output, 1, 2),
            Some(Padding::new(1, 2, 3, 4))
        );
        assert_eq!(Padding::placing(Size2::new(6, 14), output, 5, 2), None);
    }

    /// A 1080p frame into 640 x 640: 640 x 360, 140 rows above and below; an odd leftover puts
    /// its extra pixel below and right; small images stay as they are without `scale_up`.
    #[test]
    fn letterboxes_centre_the_image() {
        let (image, bands) = Padding::letterbox(Size2::new(1080, 1920), Size2::new(640, 640), true);
        assert_eq!(image, Size2::new(360, 640));
        assert_eq!(bands, Padding::new(140, 0, 140, 0));
        let (image, bands) = Padding::letterbox(Size2::new(480, 641), Size2::new(640, 640), true);
        // r = 640/641: 479.25 -> 479 rows, 161 left over: 80 above, 81 below.
        assert_eq!(image, Size2::new(479, 640));
        assert_eq!(bands, Padding::new(80, 0, 81, 0));
        let (image, bands) = Padding::letterbox(Size2::new(100, 51), Size2::new(640, 640), false);
        assert_eq!(image, Size2::new(100, 51));
        assert_eq!(bands, Padding::new(270, 294, 270, 295));
    }

    #[test]
    fn pillow_pads_along_the_axis_the_image_leaves() {
        let output = Size2::new(100, 100);
        let pad = |image, centering| Padding::pillow_pad(image, output, centering);
        assert_eq!(
            pad(Size2::new(100, 75), (0.5, 0.5)),
            Some(Padding::new(0, 12, 0, 13))
        );
        assert_eq!(
            pad(Size2::new(100, 75), (1.5, 0.0)),
            Some(Padding::new(0, 25, 0, 0))
        );
        assert_eq!(
            pad(Size2::new(41, 100), (0.0, 0.5)),
            Some(Padding::new(30, 0, 29, 0))
        );
        assert_eq!(pad(Size2::new(101, 100), (0.5, 0.5)), None);
    }
}
