import DashboardApp
import Foundation
import SessionSimulation
import Testing

/// The app's placer reads a frame only through `PlacementFrame`: run on a frame type of its own
/// that forwards just the protocol's members (as `ARSessionFrame` provides them on the phone),
/// it shows the same markers, frame by frame, as on the session's own frames.
@Suite struct PlacementFrameTests {
  /// A frame that has only what the protocol asks for.
  struct ForwardingFrame: PlacementFrame {
    let base: SimulatedFrame
    var timestamp: Double { base.timestamp }
    var camera: Camera { base.camera }
    var viewport: Viewport { base.viewport }
    var anchors: [PlaneAnchor] { base.anchors }
    var appAnchors: [AppAnchor] { base.appAnchors }
    var rawFeaturePoints: FeaturePointCloud? { base.rawFeaturePoints }
    func displayTransform(for orientation: InterfaceOrientation, viewportSize: Size)
      -> AffineTransform2D?
    {
      base.displayTransform(for: orientation, viewportSize: viewportSize)
    }
    func raycastQuery(
      from viewportNormalized: Point, allowing target: RaycastQuery.Target,
      alignment: RaycastQuery.TargetAlignment
    ) -> RaycastQuery? {
      base.raycastQuery(from: viewportNormalized, allowing: target, alignment: alignment)
    }
    func raycast(_ query: RaycastQuery) -> [RaycastResult] { base.raycast(query) }
  }

  @Test func thePlacerRunsOnAnyPlacementFrame() throws {
    var session = try SimulatedSession(
      contentsOfFile: ButtonMarkerPlacerTests.scenes.appendingPathComponent(
        "dashboard-portrait.json"
      ).path)
    var direct = ButtonMarkerPlacer()
    var forwarded = ButtonMarkerPlacer()
    var shownMarkers = 0
    while let frame = try session.nextFrame() {
      let expected = direct.markers(for: frame)
      let markers = forwarded.markers(
        for: ForwardingFrame(base: frame), observations: frame.observations,
        visionRequest: frame.visionRequest)
      #expect(markers == expected)
      shownMarkers += markers.count
    }
    #expect(shownMarkers > 0)
  }
}
