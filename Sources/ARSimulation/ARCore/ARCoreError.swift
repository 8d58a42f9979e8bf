import SpatialMath

/// Why an ARCore value (``ARCore``'s display geometry, intrinsics, camera, planes, point cloud,
/// ML Kit objects, coordinate mapping) refused its arguments.
public enum ARCoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A view size in pixels is not positive.
  case viewSizeNotPositive(width: Int, height: Int)
  /// A focal length is not positive and finite, or the principal point is not finite.
  case intrinsicsNotValid(focalLength: SIMD2<Double>, principalPoint: SIMD2<Double>)
  /// A stream's (image's or texture's) size in pixels is not positive and finite.
  case streamSizeNotPositive(Size)
  /// The sensor's aspect ratio is not positive and finite.
  case sensorAspectRatioNotPositive(Double)
  /// `SENSOR_ORIENTATION` or an ML Kit `rotationDegrees` is not 0, 90, 180 or 270.
  case notAQuarterTurn(degrees: Int)
  /// A plane's extent is negative or not finite.
  case planeExtentNotValid(x: Float, z: Float)
  /// A plane's polygon has a vertex that is not finite, or 1 or 2 vertices.
  case planePolygonNotValid(vertexCount: Int)
  /// The point cloud's arrays differ in length.
  case pointCloudCountsDiffer(points: Int, identifiers: Int, confidences: Int)
  /// A point of the cloud is not finite.
  case pointNotFinite(index: Int)
  /// A confidence is outside `0...1`.
  case confidenceOutOfRange(Double)
  /// An ML Kit box edge is not finite, or `right < left` or `bottom < top`.
  case boxNotValid(left: Double, top: Double, right: Double, bottom: Double)
  /// The display and the streams cannot be mapped to each other (their aspect ratios are too far
  /// apart for the fill scale to be represented).
  case displayMappingNotValid(DisplayGeometryError)
  /// Three axes do not form a rotation (orthonormal, right-handed).
  case axesNotARotation
  /// A depth or confidence image's value count is not `width * height`, or a size is not
  /// positive.
  case depthImageSizeMismatch(width: Int, height: Int, count: Int)
  /// The raw depth and its confidence image differ in size.
  case depthConfidenceSizeMismatch
  /// The session's depth mode does not provide the image asked for (ARCore's
  /// `IllegalStateException`).
  case depthModeDoesNotProvide(image: String, depthMode: ARCore.Frame.DepthMode)
  /// The frame has no depth yet (ARCore's `NotYetAvailableException`).
  case depthNotYetAvailable(image: String)

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .viewSizeNotPositive(let w, let h):
      "view size must be at least 1x1 pixels, got \(w)x\(h)"
    case .intrinsicsNotValid(let f, let c):
      "focal lengths must be > 0 and the principal point finite, got f (\(f.x), \(f.y)), "
        + "principal point (\(c.x), \(c.y))"
    case .streamSizeNotPositive(let s):
      "image size must be > 0 and finite pixels, got \(s.width)x\(s.height)"
    case .sensorAspectRatioNotPositive(let a):
      "sensor aspect ratio must be > 0 and finite, got \(a)"
    case .notAQuarterTurn(let degrees):
      "rotation must be 0, 90, 180 or 270 degrees, got \(degrees)"
    case .planeExtentNotValid(let x, let z):
      "plane extents must be >= 0 and finite metres, got \(x) x \(z)"
    case .planePolygonNotValid(let count):
      "plane polygon must have 0 or at least 3 finite vertices, got \(count)"
    case .pointCloudCountsDiffer(let p, let i, let c):
      "point cloud needs one identifier and one confidence per point: \(p) points, \(i) "
        + "identifiers, \(c) confidences"
    case .pointNotFinite(let index):
      "point \(index) of the point cloud is not finite"
    case .confidenceOutOfRange(let c):
      "confidence must be in [0, 1], got \(c)"
    case .boxNotValid(let l, let t, let r, let b):
      "box must be finite with right >= left and bottom >= top, got [\(l), \(t), \(r), \(b)]"
    case .displayMappingNotValid(let error):
      "the display and the camera streams cannot be mapped: \(error.description)"
    case .axesNotARotation:
      "the axes are not an orthonormal, right-handed rotation"
    case .depthImageSizeMismatch(let w, let h, let n):
      "a \(w)x\(h) depth image needs \(max(w, 0) * max(h, 0)) values (and positive sizes), "
        + "got \(n)"
    case .depthConfidenceSizeMismatch:
      "the raw depth confidence image's size differs from the raw depth image's"
    case .depthModeDoesNotProvide(let image, let mode):
      "\(image) is not available under depth mode \(mode.name)"
        + (mode == .disabled ? "; set the session's depthMode to AUTOMATIC" : "")
    case .depthNotYetAvailable(let image):
      "\(image): this frame has no depth yet (NotYetAvailableException)"
    }
  }
}
