import SessionSimulation
import Testing

/// Anchor changes as an ARSessionDelegate gets them, worked out by hand for three frames:
/// frame 0 has A and B; frame 1 has A grown, C; frame 2 has C unchanged.
@Suite struct AnchorChangesTests {
  static func anchor(_ identifier: String, halfWidth: Float = 0.5) throws -> PlaneAnchor {
    try PlaneAnchor(
      identifier: identifier, transform: .identity,
      extent: try PlaneExtent(width: 2 * halfWidth, height: 1),
      boundary: try PlaneBoundary(rectangleHalfWidth: halfWidth, halfHeight: 0.5),
      alignment: .horizontal)
  }

  @Test func addedUpdatedRemovedByIdentifier() throws {
    let a = try Self.anchor("A")
    let b = try Self.anchor("B")
    let grownA = try Self.anchor("A", halfWidth: 0.8)
    let c = try Self.anchor("C")
    let first = AnchorChanges(from: [], to: [a, b])
    #expect(first == AnchorChanges(added: [a, b]))
    let second = AnchorChanges(from: [a, b], to: [grownA, c])
    #expect(second.added == [c])
    #expect(second.updated == [grownA])
    #expect(second.removed == [b])
    let third = AnchorChanges(from: [grownA, c], to: [c])
    #expect(third == AnchorChanges(removed: [grownA]))
    #expect(AnchorChanges(from: [c], to: [c]).isEmpty)
  }

  /// The committed dashboard scene splits its dashboard into `-a` and `-b`, which merge 1.5 s
  /// after they appear (Scenes/README.md): `-b` is removed exactly once, `-a` added once, and no
  /// frame both adds and removes the same identifier.
  @Test func mergedAnchorIsRemovedOnce() throws {
    var session = try SimulatedSession(
      contentsOfFile: SimulatedSessionTests.scenes.appendingPathComponent(
        "dashboard-portrait.json"
      ).path)
    var added: [String] = []
    var removed: [String] = []
    while let frame = try session.nextFrame() {
      added += frame.anchorChanges.added.map(\.identifier)
      removed += frame.anchorChanges.removed.map(\.identifier)
      let both = Set(frame.anchorChanges.added.map(\.identifier)).intersection(
        frame.anchorChanges.removed.map(\.identifier))
      #expect(both.isEmpty, "frame \(frame.frameIndex)")
    }
    #expect(added == ["plane-dashboard-a", "plane-dashboard-b"])
    #expect(removed == ["plane-dashboard-b"])
  }
}
