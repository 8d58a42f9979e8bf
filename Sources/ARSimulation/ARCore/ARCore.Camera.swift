import SpatialMath

extension ARCore {
  /// The camera of an ARCore frame (`com.google.ar.core.Camera`): the physical camera's pose, the
  /// intrinsics of its CPU image and GPU texture streams, and how the sensor is mounted.
  ///
  /// Camera space is ARCore's (OpenGL's): +x to the right of the image readout, +y up it, looking
  /// along -z; metres. Only the back (world-facing) camera is modelled (no mirroring).
  public struct Camera: Sendable, Hashable {
    /// `getPose()`: the physical camera's pose, `worldFromCamera`.
    public let pose: Pose
    /// `getImageIntrinsics()`: the CPU image stream.
    public let imageIntrinsics: CameraIntrinsics
    /// `getTextureIntrinsics()`: the GPU texture stream.
    public let textureIntrinsics: CameraIntrinsics
    /// Android's `CameraCharacteristics.SENSOR_ORIENTATION`: the clockwise rotation (0, 90, 180 or
    /// 270 degrees) that turns the camera image upright on the display in the device's natural
    /// orientation. 90 for the back camera of most phones.
    public let sensorOrientationDegrees: Int
    /// Where the intrinsics' principal points sit within a pixel (undocumented by ARCore).
    public let principalPointConvention: PrincipalPointConvention
    /// `getTrackingState()`.
    public let trackingState: TrackingState
    /// `getTrackingFailureReason()`: why tracking is `PAUSED` (``TrackingFailureReason/none``
    /// when tracking, or while the session initializes or relocalizes after `resume()`).
    public let trackingFailureReason: TrackingFailureReason

    /// Creates a camera.
    ///
    /// - Throws: ``ARCoreError/notAQuarterTurn(degrees:)`` when `sensorOrientationDegrees` is
    ///   not 0, 90, 180 or 270.
    public init(
      pose: Pose, imageIntrinsics: CameraIntrinsics, textureIntrinsics: CameraIntrinsics,
      sensorOrientationDegrees: Int = 90,
      principalPointConvention: PrincipalPointConvention = .pixelCentersAtIntegers,
      trackingState: TrackingState = .tracking,
      trackingFailureReason: TrackingFailureReason = .none
    ) throws(ARCoreError) {
      guard ARCore.rightAngleDegrees.contains(sensorOrientationDegrees) else {
        throw .notAQuarterTurn(degrees: sensorOrientationDegrees)
      }
      self.pose = pose
      self.imageIntrinsics = imageIntrinsics
      self.textureIntrinsics = textureIntrinsics
      self.sensorOrientationDegrees = sensorOrientationDegrees
      self.principalPointConvention = principalPointConvention
      self.trackingState = trackingState
      self.trackingFailureReason = trackingFailureReason
    }

    /// The clockwise rotation, in quarter turns, that shows the camera image upright for a display
    /// rotation: `(SENSOR_ORIENTATION - rotation) mod 360` (Android's rule for the back camera).
    /// For a phone with the usual 90° sensor, `ROTATION_0` (portrait) turns the image 90°
    /// clockwise like ARKit's portrait, and `ROTATION_90` shows it unrotated like landscapeRight.
    public func imageRotationQuarterTurns(for rotation: SurfaceRotation) -> Int {
      DisplayGeometry.imageRotationQuarterTurns(
        sensorOrientationDegrees: sensorOrientationDegrees, rotation: rotation)
    }

    /// The `rotationDegrees` that ML Kit's `InputImage` needs for the CPU image to be upright on
    /// the display: `imageRotationQuarterTurns(for:) * 90`.
    public func uprightRotationDegrees(for rotation: SurfaceRotation) -> Int {
      imageRotationQuarterTurns(for: rotation) * 90
    }

    /// The unit direction in camera space (+x right, +y up, -z forward) through a point in
    /// continuous texture texels: `((u - cx')/fx, -(v - cy')/fy, -1)` normalized, where `(cx', cy')`
    /// is the texture's principal point in continuous texels. `nil` when the point is not finite.
    public func cameraDirection(forTextureTexel texel: SpatialMath.Point) -> SIMD3<Float>? {
      guard texel.isFinite else { return nil }
      let k = textureIntrinsics
      let offset = principalPointConvention.offsetToContinuousPixels
      let x = (texel.x - (k.principalPointPixels.x + offset)) / k.focalLengthPixels.x
      let y = (texel.y - (k.principalPointPixels.y + offset)) / k.focalLengthPixels.y
      let largest = max(abs(x), abs(y), 1)
      let d = SIMD3<Double>(x, -y, -1) / largest
      return SIMD3<Float>(d / (d * d).sum().squareRoot())
    }

    /// The world-space ray from the camera through a point in continuous texture texels.
    public func ray(throughTextureTexel texel: SpatialMath.Point) -> Ray? {
      guard let direction = cameraDirection(forTextureTexel: texel) else { return nil }
      return Ray(
        unchecked: pose.translation, direction: pose.worldFromLocal.transformDirection(direction))
    }

    /// The continuous texture texel where a world point appears, `nil` when it is not at least
    /// 1 mm in front of the camera.
    public func textureTexel(forWorldPoint world: SIMD3<Float>) -> SpatialMath.Point? {
      let p = pose.worldFromLocal.inverse.transformPoint(world)
      let depth = Double(-p.z)
      guard p.isFinite, depth >= 0.001 else { return nil }
      let k = textureIntrinsics
      let offset = principalPointConvention.offsetToContinuousPixels
      return SpatialMath.Point(
        x: k.principalPointPixels.x + offset + k.focalLengthPixels.x * Double(p.x) / depth,
        y: k.principalPointPixels.y + offset - k.focalLengthPixels.y * Double(p.y) / depth)
    }

    /// `getDisplayOrientedPose()`: the virtual camera's pose, the physical pose turned about its z
    /// axis by the image rotation θ (counter-clockwise by θ seen from behind the camera) so that +x
    /// is right and +y up on the display. With θ = 90° (a portrait phone) the display's +x is the
    /// camera's +y and the display's +y the camera's -x.
    public func displayOrientedPose(for rotation: SurfaceRotation) -> Pose {
      let turns = imageRotationQuarterTurns(for: rotation)
      let spin = Quaternion(angle: .degrees(Double(90 * turns)), axis: SIMD3(0, 0, 1))
      return pose.compose(Pose(translation: .zero, rotation: spin))
    }

    /// `getViewMatrix()`: the inverse of `displayOrientedPose(for:)`, column-major.
    public func viewMatrix(for rotation: SurfaceRotation) -> Matrix4x4 {
      displayOrientedPose(for: rotation).inverse.matrix
    }
  }
}
