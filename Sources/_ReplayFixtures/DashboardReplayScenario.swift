import ARSimulation
import Foundation
import Placement
import SceneFormat
import SceneReplay
import SpatialMath

/// A generated recording for replay tests and benchmarks (not API): a portrait iPhone-like camera
/// (1920x1440, fx = fy = 1445, Vision `.right` + centerCrop 416x416, 390x844 viewport) sweeping
/// sideways in front of a dashboard tilted 30° towards it, with `buttonCount` truth buttons on the
/// dashboard and one detection per visible button per frame.
///
/// Detections are made the way a detector sees the scene: each button centre is projected to the
/// image, given seeded Gaussian pixel noise (`SplitMix64`), boxed, and mapped forward to Vision
/// coordinates with `VisionGeometry.visionRect(forImageNormalizedRect:)`. Every frame carries the
/// dashboard's plane anchor and `featurePointCount` seeded points on it.
public struct DashboardReplayScenario: Sendable {
  /// Frames to generate.
  public var frameCount: Int
  /// Frames per second (timestamps `i / frameRate`).
  public var frameRate: Double = 60
  /// Truth buttons (up to 16), on a 4-column grid; labels repeat every 6 buttons.
  public var buttonCount: Int = 12
  /// The standard deviation of the detection centre noise, image pixels.
  public var noisePixels: Double = 1
  /// Feature points per frame, on the dashboard.
  public var featurePointCount: Int = 24
  /// Whether the header carries truth.
  public var includesTruth = true
  /// The noise seed.
  public var seed: UInt64 = 1

  /// The dashboard's centre (world metres); its plane is tilted 30° about x towards +z and +y.
  public static let dashboardCenter = SIMD3<Float>(0, 0.9, -0.6)
  /// The button labels, cycled.
  public static let labels = ["hazard", "defrost", "fan", "ac", "recirculate", "volume"]

  /// Creates a scenario of `frameCount` frames.
  public init(frameCount: Int) { self.frameCount = frameCount }

  /// worldFromPlane of the dashboard: local +y (the normal) is (0, cos 30°, sin 30°).
  public static var dashboardTransform: Matrix4x4 {
    let c = Float(0.866_025_4)
    let s = Float(0.5)
    return Matrix4x4(
      rotation: Matrix3x3(SIMD3(1, 0, 0), SIMD3(0, c, s), SIMD3(0, -s, c)),
      translation: dashboardCenter)
  }

  /// The truth buttons: ids `button-1...`, on the dashboard plane (world metres).
  public var buttons: [(id: String, label: String, position: SIMD3<Float>)] {
    let t = Self.dashboardTransform
    return (0..<min(buttonCount, 16)).map { i in
      let local = SIMD3<Float>(-0.15 + 0.1 * Float(i % 4), 0, -0.09 + 0.06 * Float(i / 4))
      let world = t.transformPoint(local)
      return ("button-\(i + 1)", Self.labels[i % Self.labels.count], world)
    }
  }

  /// The camera pose at `seconds`: 0.75 m in front of and 0.3 m above the dashboard, sweeping
  /// ±8 cm sideways with a 4 s period, looking at the dashboard centre, held in portrait (camera +x
  /// points down, as ARKit's back camera in portrait).
  public static func worldFromCamera(atSeconds seconds: Double) -> Matrix4x4 {
    let x = Float(0.08 * sin(2 * Double.pi * seconds / 4))
    let eye = SIMD3<Float>(x, 1.2, 0.15)
    let forward = (dashboardCenter - eye).normalized()!
    let up = (SIMD3<Float>(0, 1, 0) - forward.dot(SIMD3(0, 1, 0)) * forward).normalized()!
    let zAxis = -forward
    let xAxis = -up
    let yAxis = zAxis.cross(xAxis)
    return Matrix4x4(rotation: Matrix3x3(xAxis, yAxis, zAxis), translation: eye)
  }

  /// The header: Vision settings, viewport and (when `includesTruth`) the truth buttons.
  public func header() throws -> RecordingHeader {
    let truth = RecordingTruth(
      objects: buttons.map {
        RecordingTruthObject(
          id: $0.id, label: $0.label, position: SIMD3<Double>($0.position),
          size: SIMD3(0.02, 0.02, 0.005))
      })
    return RecordingHeader(
      vision: RecordingVision(try Self.vision()), viewport: RecordingViewport(Self.viewport),
      truth: includesTruth ? truth : nil)
  }

  static func vision() throws -> VisionRequestSettings {
    try VisionRequestSettings(
      orientation: .right, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416))
  }

  static let viewport = try! Viewport(
    size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
  static let resolution = Size(width: 1920, height: 1440)

  /// Frame `index` (timestamp `index / frameRate`). Its noise comes from a `SplitMix64` seeded
  /// with `seed` and `index`, so frames can be generated in any order or range.
  public func frame(at index: Int) throws -> RecordingFrame {
    let geometry = try VisionGeometry(settings: try Self.vision(), imageResolution: Self.resolution)
    let intrinsics = try CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5)
    let boundary = try PlaneBoundary(vertices: [
      SIMD3(-0.4, 0, -0.15), SIMD3(0.4, 0, -0.15), SIMD3(0.4, 0, 0.15), SIMD3(-0.4, 0, 0.15),
    ])
    let anchor = try PlaneAnchor(
      identifier: "DASHBOARD", transform: Self.dashboardTransform,
      extent: try PlaneExtent(width: 0.8, height: 0.3), boundary: boundary, alignment: .vertical)
    var random = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index + 1))
    let t = Double(index) / frameRate
    let camera = try Camera(
      transform: Self.worldFromCamera(atSeconds: t), intrinsics: intrinsics,
      imageResolution: Self.resolution)
    var detections: [RecordingDetection] = []
    for button in buttons {
      guard
        case .visible = ViewportProjection(
          worldPoint: button.position, camera: camera, viewport: Self.viewport),
        let pixel = camera.projectToImagePixels(button.position)
      else { continue }
      let u = (pixel.x + noisePixels * random.nextGaussian()) / Self.resolution.width
      let v = (pixel.y + noisePixels * random.nextGaussian()) / Self.resolution.height
      let (w, h) = (0.03, 0.04)
      let box = geometry.visionRect(
        forImageNormalizedRect: Rect(x: u - w / 2, y: v - h / 2, width: w, height: h))
      guard box.origin.x >= 0, box.origin.y >= 0, box.maxX <= 1, box.maxY <= 1 else { continue }
      let confidence = ((0.8 + 0.2 * random.nextUnitDouble()) * 1000).rounded() / 1000
      detections.append(
        RecordingDetection(label: button.label, confidence: confidence, boundingBox: box))
    }
    var points: [SIMD3<Float>] = []
    for _ in 0..<featurePointCount {
      let local = SIMD3<Float>(
        Float(random.nextUnitDouble() * 0.8 - 0.4), 0, Float(random.nextUnitDouble() * 0.3 - 0.15))
      points.append(Self.dashboardTransform.transformPoint(local))
    }
    return RecordingFrame(
      timestamp: t, camera: RecordingCamera(camera), planes: [RecordingPlane(anchor)],
      featurePoints: RecordingFeaturePoints(try FeaturePointCloud(points: points)),
      detections: detections)
  }

  /// The whole recording in memory.
  public func recording() throws -> Recording {
    Recording(header: try header(), frames: try (0..<frameCount).map { try frame(at: $0) })
  }

  /// Writes the recording as JSON Lines to `path`, frame by frame (memory independent of
  /// `frameCount`).
  public func writeJSONLines(toFile path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw InputFileError(.io, "cannot create the file", file: path) }
    defer { try? handle.close() }
    var buffer: [UInt8] = []
    try JSONWriter.write(try header().jsonValue, into: &buffer)
    buffer.append(0x0A)
    for index in 0..<frameCount {
      try JSONWriter.write(try frame(at: index).jsonValue, into: &buffer)
      buffer.append(0x0A)
      if buffer.count > 1 << 20 || index == frameCount - 1 {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if frameCount == 0 { try handle.write(contentsOf: buffer) }
  }
}
