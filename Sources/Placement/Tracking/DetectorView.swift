import ARSimulation
import SpatialMath

/// What the detector could see in one frame: the frame's camera and the part of its image the
/// model looked at. `MarkerTracker` uses it to decide which markers should have been detected
/// (they age only then), to compute each measurement's expected error (range, viewing angle,
/// camera speed) and so to scale its gates.
public struct DetectorView: Sendable, Hashable {
  /// The frame's camera (worldFromCamera, intrinsics, image resolution), the one the measurements
  /// were placed with.
  public var camera: Camera
  /// The part of the captured image the detector saw, image normalized (top-left origin over the
  /// stored image): `VisionGeometry.modelVisibleImageNormalizedRect` (the region of interest,
  /// cropped by `centerCrop`); the whole image by default.
  public var detectedImageNormalizedRect: Rect
  /// Whether the detector ran on this frame. When `false` the frame only moves time on (no marker
  /// ages or is confirmed; measurements are still used if any are given).
  public var isDetectorFrame: Bool

  /// Creates a view.
  public init(
    camera: Camera, detectedImageNormalizedRect: Rect = .unit, isDetectorFrame: Bool = true
  ) {
    self.camera = camera
    self.detectedImageNormalizedRect = detectedImageNormalizedRect
    self.isDetectorFrame = isDetectorFrame
  }

  /// The camera's optical centre in world metres.
  var cameraPosition: SIMD3<Double> { SIMD3<Double>(camera.positionInWorld) }

  /// The mean focal length, pixels.
  var focalLengthPixels: Double {
    (camera.intrinsics.focalLengthXPixels + camera.intrinsics.focalLengthYPixels) / 2
  }

  /// Whether a world point projects inside the detected part of the image, shrunk on every side
  /// by `marginFraction` of its size, in front of the camera.
  func sees(_ worldPoint: SIMD3<Float>, marginFraction: Double) -> Bool {
    guard let pixel = camera.projectToImagePixels(worldPoint) else { return false }
    let rect = detectedImageNormalizedRect
    let x = pixel.x / camera.imageResolution.width
    let y = pixel.y / camera.imageResolution.height
    let mx = marginFraction * rect.width
    let my = marginFraction * rect.height
    return x >= rect.minX + mx && x <= rect.maxX - mx && y >= rect.minY + my
      && y <= rect.maxY - my
  }
}
