import ARSimulation
import Placement
import SpatialMath

/// Keeps a tracker's markers attached to app anchors, as an app attaches its content: an anchor
/// where each confirmed marker was placed (`session.add(anchor: ARAnchor(transform:))`), the
/// marker moved by as much as tracking moves its anchor (`MarkerTracker.moveMarker(id:to:)`),
/// a new anchor once measurements have carried the marker ``reanchorDistanceMeters`` from the
/// old one (ARKit's anchors cannot be moved by the app: remove, add), and the anchor of a marker
/// the tracker dropped removed. ``StepPlacer`` and the package's replay use it.
///
/// Per frame: ``follow(_:tracker:)`` with the frame's anchors before the tracker takes the
/// frame's measurements, then ``attach(_:requests:)`` with the markers it returned; the requests
/// take effect with the next frame.
public struct MarkerAnchoring: Sendable {
  /// How far (metres) measurements may carry a marker from its anchor before it gets a new one
  /// (5 mm).
  public var reanchorDistanceMeters: Float = 0.005
  /// The prefix of the anchors' identifiers (`"<prefix>-<marker id>-<n>"`).
  public var identifierPrefix: String
  /// Per marker id: its anchor's identifier and where it was last seen.
  var attachments: [Int: (identifier: String, position: SIMD3<Float>)] = [:]
  /// Anchors made so far (for unique identifiers).
  var anchorCount = 0

  /// No attachments yet.
  public init(identifierPrefix: String = "marker") {
    self.identifierPrefix = identifierPrefix
  }

  /// Whether any marker has an anchor.
  public var isEmpty: Bool { attachments.isEmpty }

  /// Moves each attached marker of `tracker` by its anchor's motion (among `anchors`, the
  /// frame's) since the last frame it was seen in.
  public mutating func follow<Filter: PositionFilter>(
    _ anchors: [AppAnchor], tracker: inout MarkerTracker<Filter>
  ) {
    guard !attachments.isEmpty, !anchors.isEmpty else { return }
    var positions: [String: SIMD3<Float>] = [:]
    for anchor in anchors { positions[anchor.identifier] = anchor.worldPosition }
    var current: [Int: SIMD3<Float>] = [:]
    for marker in tracker.markers { current[marker.id] = marker.position }
    for (id, attachment) in attachments.sorted(by: { $0.key < $1.key }) {
      guard let now = positions[attachment.identifier], now != attachment.position else {
        continue
      }
      if let marker = current[id] {
        tracker.moveMarker(id: id, to: marker + (now - attachment.position))
      }
      attachments[id]?.position = now
    }
  }

  /// Asks for an anchor for each confirmed marker of `markers` (the tracker's, all of them)
  /// without one, a new one for a marker carried away from its anchor, and the removal of the
  /// anchors of markers no longer there.
  public mutating func attach(_ markers: [TrackedMarker], requests: inout AppAnchorRequests) {
    var alive = Set<Int>()
    for marker in markers {
      alive.insert(marker.id)
      if let attachment = attachments[marker.id] {
        guard marker.position.distance(to: attachment.position) > reanchorDistanceMeters else {
          continue
        }
        requests.remove(identifier: attachment.identifier)
        attachments[marker.id] = nil
      } else if marker.state != .confirmed {
        continue
      }
      anchorCount += 1
      let identifier = "\(identifierPrefix)-\(marker.id)-\(anchorCount)"
      guard
        let anchor = try? AppAnchor(
          identifier: identifier, name: marker.label,
          transform: Matrix4x4(rotation: .identity, translation: marker.position))
      else { continue }
      requests.add(anchor: anchor)
      attachments[marker.id] = (identifier, marker.position)
    }
    for (id, attachment) in attachments.sorted(by: { $0.key < $1.key }) where !alive.contains(id) {
      requests.remove(identifier: attachment.identifier)
      attachments[id] = nil
    }
  }
}
