import ARSimulation

/// The plane anchors that appeared, changed or disappeared with one frame, by identifier, as an
/// `ARSessionDelegate` receives them (`session(_:didAdd:)`, `session(_:didUpdate:)`,
/// `session(_:didRemove:)`).
///
/// Computed against the previous frame the session handed out: an anchor is added when its
/// identifier is new, updated when an anchor with its identifier was there but differs in any
/// property (transform, extent, boundary, classification, ...), removed when its identifier is
/// gone (ARKit removes an anchor when it merges it into another). Lists keep the frames' anchor
/// order (`removed`: the previous frame's order). The first frame adds all its anchors.
public struct AnchorChanges: Sendable, Hashable {
  /// Anchors whose identifier was not in the previous frame.
  public var added: [PlaneAnchor]
  /// Anchors whose identifier was in the previous frame with different properties.
  public var updated: [PlaneAnchor]
  /// Anchors of the previous frame whose identifier is gone (as they were last seen).
  public var removed: [PlaneAnchor]

  /// Creates changes.
  public init(added: [PlaneAnchor] = [], updated: [PlaneAnchor] = [], removed: [PlaneAnchor] = []) {
    self.added = added
    self.updated = updated
    self.removed = removed
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty }

  /// The changes from `previous` to `current` (see the type's documentation).
  ///
  /// - Complexity: O(n + m) for n and m anchors.
  public init(from previous: [PlaneAnchor], to current: [PlaneAnchor]) {
    // The common case, the same identifiers in the same order: compare pairwise, no hashing.
    if previous.count == current.count,
      zip(previous, current).allSatisfy({ $0.identifier == $1.identifier })
    {
      self.init(updated: zip(previous, current).filter { $0 != $1 }.map(\.1))
      return
    }
    var before: [String: PlaneAnchor] = [:]
    for anchor in previous where before[anchor.identifier] == nil {
      before[anchor.identifier] = anchor
    }
    var now = Set<String>()
    var added: [PlaneAnchor] = []
    var updated: [PlaneAnchor] = []
    for anchor in current where now.insert(anchor.identifier).inserted {
      if let old = before[anchor.identifier] {
        if old != anchor { updated.append(anchor) }
      } else {
        added.append(anchor)
      }
    }
    var removed: [PlaneAnchor] = []
    var seen = Set<String>()
    for anchor in previous where !now.contains(anchor.identifier) {
      if seen.insert(anchor.identifier).inserted { removed.append(anchor) }
    }
    self.init(added: added, updated: updated, removed: removed)
  }
}
