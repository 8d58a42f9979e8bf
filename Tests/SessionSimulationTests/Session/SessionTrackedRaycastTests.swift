import SessionSimulation
import Testing

/// Tracked raycasts over a three-frame recording made here: a floor anchor 1 m below a camera
/// looking straight down, which grows (frame 1: no change for a ray through its middle) and then
/// moves 1 m lower (frame 2: the hit moves from distance 1 to 2).
@Suite struct SessionTrackedRaycastTests {
  static func recording() throws -> Recording {
    func floor(y: Double, halfWidth: Double) -> RecordingPlane {
      RecordingPlane(
        identifier: "floor", transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, y, 0, 1],
        center: .zero,
        extent: RecordingPlaneExtent(
          width: 2 * halfWidth, height: 2 * halfWidth, rotationOnYAxisRadians: 0),
        boundary: [
          SIMD3(-halfWidth, 0, -halfWidth), SIMD3(halfWidth, 0, -halfWidth),
          SIMD3(halfWidth, 0, halfWidth), SIMD3(-halfWidth, 0, halfWidth),
        ],
        alignment: .horizontal, classification: .floor)
    }
    // Camera looking down: columns x = (1,0,0), y = (0,0,-1), z = (0,1,0) (it looks along -z
    // of camera space, i.e. world -y).
    let camera = RecordingCamera(
      transform: [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1],
      intrinsics: [1445, 0, 0, 0, 1445, 0, 959.5, 719.5, 1],
      imageResolution: Size(width: 1920, height: 1440))
    return Recording(
      header: RecordingHeader(
        viewport: RecordingViewport(
          size: Size(width: 390, height: 844), interfaceOrientation: .portrait)),
      frames: [
        RecordingFrame(timestamp: 0, camera: camera, planes: [floor(y: -1, halfWidth: 1)]),
        RecordingFrame(timestamp: 0.1, camera: camera, planes: [floor(y: -1, halfWidth: 2)]),
        RecordingFrame(timestamp: 0.2, camera: camera, planes: [floor(y: -2, halfWidth: 2)]),
      ])
  }

  @Test func reportsOnlyChanges() throws {
    var session = try SimulatedSession(recording: Self.recording())
    let first = try #require(try session.nextFrame())
    let query = try #require(
      first.raycastQuery(
        from: Point(x: 0.5, y: 0.5), allowing: .existingPlaneGeometry, alignment: .horizontal))
    #expect(abs(try #require(session.raycast(query).first).distance - 1) < 1e-5)
    let id = session.trackedRaycast(query)
    #expect(abs(try #require(session.trackedRaycastResults(id)?.first).distance - 1) < 1e-5)
    let second = try #require(try session.nextFrame())
    #expect(second.trackedRaycastUpdates.isEmpty)
    #expect(second.anchorChanges.updated.map(\.identifier) == ["floor"])
    let third = try #require(try session.nextFrame())
    let update = try #require(third.trackedRaycastUpdates.first)
    #expect(update.id == id)
    #expect(abs(try #require(update.results.first).distance - 2) < 1e-5)
    session.stopTrackedRaycast(id)
    #expect(session.trackedRaycastResults(id) == nil)
  }
}
