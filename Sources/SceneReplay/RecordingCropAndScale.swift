/// How Vision fits the region of interest into the model input (`VNImageCropAndScaleOption`),
/// as named in a recording's `vision.cropAndScale` (DESIGN §3.3 step 3).
public enum RecordingCropAndScale: String, Sendable, Hashable, Codable, CaseIterable {
  /// Aspect fill, centred crop: `s = max(mw/rw, mh/rh)`.
  case centerCrop
  /// Aspect fit with padding: `s = min(mw/rw, mh/rh)`.
  case scaleFit
  /// Stretch to the model input; normalized coordinates unchanged.
  case scaleFill
  /// `scaleFit` after rotating the region 90° counter-clockwise.
  case scaleFitRotate90CCW
  /// `scaleFill` after rotating the region 90° counter-clockwise.
  case scaleFillRotate90CCW
}
