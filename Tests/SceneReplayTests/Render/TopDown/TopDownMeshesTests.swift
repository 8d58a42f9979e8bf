import SceneFormat
import SpatialMath
import Testing

@testable import SceneReplay

/// The top-down picture's truth meshes: every surface's edges at their world (x, z), with the
/// plot's mapping, faint, and none without surfaces.
@Suite("TopDownRenderer meshes")
struct TopDownMeshesTests {
  /// A triangle standing on the floor: (0, 0, -0.5), (0, 0.3, -0.5), (0.1, 0, -0.4). From above
  /// the vertical edge 0-1 collapses to a point (left out); 1-2 and 0-2 both run from
  /// (0, -0.5) to (0.1, -0.4).
  @Test func meshEdgesAreDrawnFromAbove() throws {
    var capture = try ReplayPicturesTests.capture(frame: 12)
    let plain = TopDownRenderer().document(for: capture).markup
    #expect(!plain.contains("truth-surface") && !plain.contains("mesh edges, faint grey"))
    capture.frame.truthSurfaces = [
      RecordingTruthSurface(
        identifier: "fin",
        vertices: [SIMD3(0, 0, -0.5), SIMD3(0, 0.3, -0.5), SIMD3(0.1, 0, -0.4)],
        indices: [0, 1, 2])
    ]
    let renderer = TopDownRenderer()
    let svg = renderer.document(for: capture).markup
    #expect(RenderTestSupport.isWellFormedXML(svg))
    let path = try #require(
      svg.split(separator: "\n").first { $0.contains("class=\"truth-surface\"") })
    // The same mapping as every other mark of the plot.
    let anchors = capture.frame.world.planeAnchors
    let mapping = renderer.fit(
      capture: capture, tracks: renderer.drawnTracks(capture),
      planePolygons: anchors.map { a in a.boundary.vertices.map { a.transform.transformPoint($0) }
      },
      limit: renderer.maximumPlotSize)
    let a = mapping.point(x: 0, z: -0.5)
    let b = mapping.point(x: 0.1, z: -0.4)
    let n = SVGDocument.number
    let segment = "M\(n(a.x)) \(n(a.y))L\(n(b.x)) \(n(b.y))"
    #expect(path.hasPrefix("<path d=\"\(segment)\(segment)\""), "\(path)")
    #expect(svg.contains(">truth surfaces (1): their mesh edges, faint grey.</text>"))
    // Under the planes, tracks and truth objects.
    let surfaceAt = try #require(svg.range(of: "truth-surfaces")).lowerBound
    let planesAt = try #require(svg.range(of: "id=\"topdown-planes\"")).lowerBound
    #expect(surfaceAt < planesAt)
  }
}
