import SpatialMath

/// A simulated AR camera: pose, pinhole intrinsics, image resolution and optional lens
/// distortion (ARKit's `ARCamera`).
///
/// Camera space follows ARKit: origin at the optical centre, +x towards the right of the captured
/// (landscape) image, +y towards its top, looking along -z; metres. `transform` is
/// `worldFromCamera`. The captured image is never rotated: the interface orientation enters only
/// through the display transform and the `orientation:` parameters.
///
/// Its JSON form (the recording format's camera object, distortion included) belongs to
/// SceneFormat's `RecordingCamera`, which converts to and from a camera.
public struct Camera: Sendable, Hashable {
  /// The camera pose as ARKit gives it: `worldFromCamera`, column-major, translation in metres.
  public let transform: Matrix4x4
  /// `transform` as a rigid transform (rotation quaternion + translation).
  public let worldFromCamera: RigidTransform
  /// `worldFromCamera.inverse`, kept for projection.
  public let cameraFromWorld: RigidTransform
  /// Pinhole intrinsics in image pixels.
  public let intrinsics: CameraIntrinsics
  /// The captured image size in pixels (landscape, e.g. 1920x1440).
  public let imageResolution: Size
  /// Lens distortion of the captured image, or `nil` for an ideal pinhole.
  public let distortion: LensDistortion?
  /// Points with `-z` below this distance (metres) are treated as not in front of the camera.
  public let nearDistanceMeters: Float
  /// The quality of the pose (ARKit's `ARCamera.trackingState`), or `nil` when it was not
  /// recorded. Nothing in the geometry depends on it.
  public let trackingState: TrackingState?

  /// Creates a camera; throws when the transform is not finite or not rigid (within 1e-3) or
  /// the image resolution is not positive.
  public init(
    transform: Matrix4x4, intrinsics: CameraIntrinsics, imageResolution: Size,
    distortion: LensDistortion? = nil, nearDistanceMeters: Float = 0.001,
    trackingState: TrackingState? = nil
  ) throws(CameraError) {
    guard transform.isFinite else { throw .transformNotFinite }
    guard let rigid = try? RigidTransform(transform) else { throw .transformNotRigid }
    guard imageResolution.isPositiveAndFinite else {
      throw .imageResolutionNotPositive(imageResolution)
    }
    self.transform = transform
    self.worldFromCamera = rigid
    self.cameraFromWorld = rigid.inverse
    self.intrinsics = intrinsics
    self.imageResolution = imageResolution
    self.distortion = (distortion?.isIdentity ?? true) ? nil : distortion
    self.nearDistanceMeters = nearDistanceMeters.isFinite ? max(nearDistanceMeters, 0) : 0.001
    self.trackingState = trackingState
  }

  /// Creates a camera with a rigid pose.
  public init(
    worldFromCamera: RigidTransform, intrinsics: CameraIntrinsics, imageResolution: Size,
    distortion: LensDistortion? = nil, trackingState: TrackingState? = nil
  ) throws(CameraError) {
    try self.init(
      transform: worldFromCamera.matrix, intrinsics: intrinsics, imageResolution: imageResolution,
      distortion: distortion, trackingState: trackingState)
  }

  /// The camera position in world space (metres).
  public var positionInWorld: SIMD3<Float> { worldFromCamera.translation }

  /// The display transform from image-normalized to viewport-normalized coordinates for this
  /// camera's image resolution and a viewport (ARKit's `ARFrame.displayTransform(for:viewportSize:)`
  /// with the viewport's orientation and size; the formula is
  /// `AffineTransform2D.displayTransform(imageResolution:orientation:viewportSize:videoGravity:)`).
  ///
  /// It cannot fail: a `Viewport` has a positive, finite size. (Only when the image's and the
  /// viewport's aspect ratios multiply beyond about 1e308 do the entries overflow to infinity;
  /// every method that maps points through the transform then returns `nil`.)
  public func displayTransform(for viewport: Viewport) -> AffineTransform2D {
    .displayTransform(
      unchecked: imageResolution, orientation: viewport.interfaceOrientation,
      viewportSize: viewport.size, videoGravity: .resizeAspectFill)
  }

  /// The display transform from image-normalized to viewport-normalized coordinates (ARKit's
  /// `ARFrame.displayTransform(for:viewportSize:)`, same signature and, like it, not optional).
  ///
  /// - Precondition: `viewportSize` is positive and finite (a programming error otherwise, as
  ///   it is a view's size). For sizes read from data, make a `Viewport`, whose initializer
  ///   throws a `DisplayGeometryError` for a bad size, and call `displayTransform(for:)`.
  public func displayTransform(
    for orientation: InterfaceOrientation, viewportSize: Size
  ) -> AffineTransform2D {
    precondition(
      viewportSize.isPositiveAndFinite,
      "displayTransform(for:viewportSize:): viewport size \(viewportSize.width)x"
        + "\(viewportSize.height) is not positive and finite")
    return .displayTransform(
      unchecked: imageResolution, orientation: orientation, viewportSize: viewportSize,
      videoGravity: .resizeAspectFill)
  }
}
