import ARSimulation
import SpatialMath
import Testing

@testable import Placement

/// `print` of placement results, traces and markers on `PlacementPipelineTests`' hand-worked frame
/// (camera at the origin, f = 1000 px, 1280x720, the 1 m wide wall at z = -2).
@Suite struct PlacementDescriptionTests {
  typealias Frame = PlacementPipelineTests

  static func frame() -> ViewportFrame {
    ViewportFrame(
      camera: Frame.camera, viewport: Frame.viewport,
      world: FrameWorld(planeAnchors: [Frame.wall(z: -2)]))
  }

  @Test func placedResult() {
    let result = PlacementPipeline().place(Frame.centred, request: Frame.request, in: Self.frame())
    #expect(
      result.description
        == "\"hazard\" placed at (0, 0, -2) m, 2 m along the ray, on \"WALL\" (attempt 0: "
        + "existingPlaneGeometry, vertical); viewport point (640, 360)")
  }

  @Test("A missed placement's trace says why each attempt missed")
  func missedResultAndTrace() throws {
    // Vision x 0.3 (scaleFill, `.up`: image x 0.3) is pixel 384: direction x = (384 - 640)/1000
    // = -0.256, so the ray meets z = -2 at x = -0.512, 0.012 m beyond the wall's edge x = -0.5,
    // after √(0.512² + 2²) = 2.0645 m.
    let detection = Detection(
      label: "hazard", confidence: 0.9, boundingBox: Rect(x: 0.25, y: 0.45, width: 0.1, height: 0.1)
    )
    let result = PlacementPipeline().place(
      detection, request: Frame.request, in: Self.frame(), includeTrace: true)
    #expect(result.description == "\"hazard\" not placed: noHit; viewport point (384, 360)")
    let trace = try #require(result.trace).description
    #expect(
      trace.contains(
        "  \"WALL\": the ray meets it 2.064 m along, 0.012 m outside its boundary, at plane-local "
          + "(x -0.512, z 0) m"),
      "\(trace)")
    // The second attempt (estimated plane, default settings) finds no feature points at all.
    #expect(trace.contains("  only 0 feature points near the ray (needs 8)"), "\(trace)")
  }

  @Test func markers() {
    let marker = TrackedMarker(
      id: 3, label: "hazard", position: SIMD3(0.1, 1, -0.6), state: .confirmed,
      spreadMeters: 0.0012, hitCount: 42, lastHitSeconds: 2, firstSeenSeconds: 0.5)
    #expect(
      marker.description
        == "marker 3 \"hazard\" confirmed at (0.1, 1, -0.6) m, spread 1.2 mm, 42 hits")
  }
}
