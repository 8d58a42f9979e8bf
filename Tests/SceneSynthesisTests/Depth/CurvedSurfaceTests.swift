import ARSimulation
import Foundation
import SceneFormat
import SpatialMath
import Testing
import _TestSupport

@testable import SceneSynthesis

/// Curved surfaces in scene specs: the `curvedPanel` kind, objects standing on the arc, plane
/// anchors over the fitted part only, and the truth surfaces in the recording.
@Suite struct CurvedSurfaceTests {
  static let specPath = RecordingFixtures.packageRoot()
    .appendingPathComponent("Scenes/specs/dashboard-curved.json").path

  static func surfaceSpec(_ json: String) throws -> SceneSurfaceSpec {
    try SceneSurfaceSpec(json: try JSONParser.parse(Array(json.utf8)))
  }

  @Test func objectStandsAlongTheLocalNormal() throws {
    let surface = try Self.surfaceSpec(
      """
      {"identifier": "d", "position": [0, 0, 0], "size": [0.6, 0.2], "kind": "curvedPanel",
       "radiusMeters": 0.5, "segments": 8}
      """)
    let object = SceneObjectSpec(
      id: "b", label: "x", surfaceIdentifier: "d", surfacePosition: SIMD2(0.25, 0.05),
      sizeMeters: SIMD3(0.04, 0.03, 0.015))
    let top = object.worldGeometry(on: surface).position
    // Arc length 0.25 at R 0.5: θ = 0.5; base (R sin θ, R (1 - cos θ), z), normal
    // (-sin θ, cos θ, 0), top = base + 0.015 normal.
    let expected = SIMD3<Float>(
      0.5 * sin(0.5) - 0.015 * sin(0.5), 0.5 * (1 - cos(0.5)) + 0.015 * cos(0.5), 0.05)
    #expect((top - expected).length < 1e-6)
    // The plane model's rectangle: half width R sin(acos(1 - 0.005 / R)).
    guard case .rectangle(let width, let height) = surface.planeFitSurface.shape else {
      Issue.record("not a rectangle")
      return
    }
    let c: Float = 1 - 0.005 / 0.5
    #expect(abs(width - 2 * 0.5 * (1 - c * c).squareRoot()) < 1e-6)
    #expect(height == 0.2)
  }

  @Test func refusesATooTightRadiusAndStrayMembers() {
    #expect(throws: InputFileError.self) {
      try Self.surfaceSpec(
        """
        {"identifier": "d", "position": [0, 0, 0], "size": [2, 0.2], "kind": "curvedPanel",
         "radiusMeters": 0.5}
        """)
    }
    #expect {
      try Self.surfaceSpec(
        """
        {"identifier": "d", "position": [0, 0, 0], "size": [1, 0.2], "radiusMeters": 0.5}
        """)
    } throws: { ($0 as? InputFileError)?.path == [.key("radiusMeters")] }
  }

  @Test func depthNeedsLiDAR() throws {
    var text = try String(contentsOfFile: Self.specPath, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"iPhone15Pro\"", with: "\"iPhoneXS\"")
    #expect {
      try SceneSpec(jsonBytes: Array(text.utf8))
    } throws: { ($0 as? InputFileError)?.path == [.key("depth")] }
  }

  /// The committed curved scene: anchors narrower than the panel, truth surfaces for the panel
  /// and every button, the outer buttons' tops far off the anchor's plane.
  @Test func dashboardCurvedPlanesFitOnlyPart() throws {
    let spec = try SceneSpec(contentsOfFile: Self.specPath)
    var synthesizer = try SceneSynthesizer(spec: spec, seed: 1)
    let surfaces = try #require(synthesizer.header.truth?.surfaces)
    #expect(surfaces.map(\.identifier) == ["dashboard"] + (1...12).map { "box-button-\($0)" })
    var widest: Double = 0
    var depthFrames = 0
    var last: RecordingFrame?
    while let frame = synthesizer.nextFrame() {
      widest = max(widest, frame.planes.map(\.extent.width).max() ?? 0)
      if frame.sceneDepth != nil { depthFrames += 1 }
      last = frame
    }
    #expect(widest < 0.2, "the anchor spans \(widest) m of the 0.7 m panel")
    #expect(depthFrames == 10)
    let plane = try #require(last?.planes.first).planeAnchor()
    for object in synthesizer.header.truth!.objects {
      let p = SIMD3<Float>(
        Float(object.position.x), Float(object.position.y), Float(object.position.z))
      let distance = abs((p - plane.worldPosition).dot(plane.worldNormal))
      #expect(distance > 0.012, "\(object.id): \(distance) m off the plane")
    }
  }
}
