/// ARCore's conventions (Android), beside ARKit's: the namespace of the simulated ARCore types.
///
/// The types carry ARCore's names and semantics (`com.google.ar.core`): ``ARCore/Coordinates2d``
/// and ``ARCore/Frame/transformCoordinates2d(from:_:to:)`` for the seven 2D spaces,
/// ``ARCore/DisplayGeometry`` as `Session.setDisplayGeometry(rotation, width, height)` sets it,
/// ``ARCore/Camera`` with image (CPU) and texture (GPU) intrinsics, ``ARCore/Frame/hitTest(x:y:)``
/// and ``ARCore/Frame/hitTest(origin:direction:)`` returning ``ARCore/HitResult`` values on
/// ``ARCore/Plane`` and ``ARCore/Point`` trackables, instant placement, and ML Kit object-detector
/// boxes (``ARCore/MLKitDetectedObject``).
///
/// World and camera space are ARCore's (the same axes as ARKit's): world +y up against gravity,
/// metres; the physical camera looks along its -z with +x to the right of the image readout and
/// +y up it. Where ARCore's documentation is silent the choice is a named parameter, listed in the
/// "ARCore coordinates" article.
public enum ARCore {}

extension ARCore {
  /// The right angles, in degrees, that ARCore and ML Kit accept where an angle is a multiple of
  /// a quarter turn (`CameraCharacteristics.SENSOR_ORIENTATION`, ML Kit's `rotationDegrees`): the
  /// one list the readers, the CLI and the JSON Schema follow.
  public static let rightAngleDegrees = [0, 90, 180, 270]
}

extension ARCore {
  /// ``rightAngleDegrees`` for messages: `0, 90, 180 or 270`.
  public static var rightAngleDegreesDescription: String {
    rightAngleDegrees.dropLast().map(String.init).joined(separator: ", ") + " or "
      + String(rightAngleDegrees.last!)
  }
}
