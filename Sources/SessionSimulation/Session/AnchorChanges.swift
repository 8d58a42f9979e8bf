import ARSimulation

/// The anchors that appeared, changed or disappeared with one frame, by identifier, as an
/// `ARSessionDelegate` receives them (`session(_:didAdd:)`, `session(_:didUpdate:)`,
/// `session(_:didRemove:)`): plane anchors, and the app's own anchors (``AppAnchor``) apart.
///
/// Computed against the previous frame the session handed out: an anchor is added when its
/// identifier is new, updated when an anchor with its identifier was there but differs in any
/// property (transform, extent, boundary, classification, ...), removed when its identifier is
/// gone (ARKit removes a plane anchor when it merges it into another; an app anchor when the app
/// removes it). Lists keep the frames' anchor order (`removed`: the previous frame's order).
/// The first frame adds all its anchors.
public struct AnchorChanges: Sendable, Hashable {
  /// Plane anchors whose identifier was not in the previous frame.
  public var added: [PlaneAnchor]
  /// Plane anchors whose identifier was in the previous frame with different properties.
  public var updated: [PlaneAnchor]
  /// Plane anchors of the previous frame whose identifier is gone (as they were last seen).
  public var removed: [PlaneAnchor]
  /// App anchors whose identifier was not in the previous frame (the app added them).
  public var addedAppAnchors: [AppAnchor] = []
  /// App anchors whose transform changed (a tracking correction moved them).
  public var updatedAppAnchors: [AppAnchor] = []
  /// App anchors of the previous frame whose identifier is gone (the app removed them), as they
  /// were last seen.
  public var removedAppAnchors: [AppAnchor] = []

  /// Creates changes.
  public init(
    added: [PlaneAnchor] = [], updated: [PlaneAnchor] = [], removed: [PlaneAnchor] = [],
    addedAppAnchors: [AppAnchor] = [], updatedAppAnchors: [AppAnchor] = [],
    removedAppAnchors: [AppAnchor] = []
  ) {
    self.added = added
    self.updated = updated
    self.removed = removed
    self.addedAppAnchors = addedAppAnchors
    self.updatedAppAnchors = updatedAppAnchors
    self.removedAppAnchors = removedAppAnchors
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    added.isEmpty && updated.isEmpty && removed.isEmpty && addedAppAnchors.isEmpty
      && updatedAppAnchors.isEmpty && removedAppAnchors.isEmpty
  }

  /// The plane anchor changes from `previous` to `current` (see the type's documentation).
  ///
  /// - Complexity: O(n + m) for n and m anchors.
  public init(from previous: [PlaneAnchor], to current: [PlaneAnchor]) {
    let changes = Self.changes(from: previous, to: current, identifier: \.identifier)
    self.init(added: changes.added, updated: changes.updated, removed: changes.removed)
  }

  /// The plane and app anchor changes from the previous frame's anchors to the current ones.
  ///
  /// - Complexity: O(n + m) for n and m anchors.
  public init(
    from previous: [PlaneAnchor], to current: [PlaneAnchor],
    appAnchorsFrom previousApp: [AppAnchor],
    to currentApp: [AppAnchor]
  ) {
    self.init(from: previous, to: current)
    let app = Self.changes(from: previousApp, to: currentApp, identifier: \.identifier)
    addedAppAnchors = app.added
    updatedAppAnchors = app.updated
    removedAppAnchors = app.removed
  }

  /// Added, updated and removed elements by identifier (see the type's documentation).
  static func changes<Anchor: Equatable>(
    from previous: [Anchor], to current: [Anchor], identifier: (Anchor) -> String
  ) -> (added: [Anchor], updated: [Anchor], removed: [Anchor]) {
    // The common case, the same identifiers in the same order: compare pairwise, no hashing.
    if previous.count == current.count,
      zip(previous, current).allSatisfy({ identifier($0) == identifier($1) })
    {
      return ([], zip(previous, current).filter { $0 != $1 }.map(\.1), [])
    }
    var before: [String: Anchor] = [:]
    for anchor in previous where before[identifier(anchor)] == nil {
      before[identifier(anchor)] = anchor
    }
    var now = Set<String>()
    var added: [Anchor] = []
    var updated: [Anchor] = []
    for anchor in current where now.insert(identifier(anchor)).inserted {
      if let old = before[identifier(anchor)] {
        if old != anchor { updated.append(anchor) }
      } else {
        added.append(anchor)
      }
    }
    var removed: [Anchor] = []
    var seen = Set<String>()
    for anchor in previous where !now.contains(identifier(anchor)) {
      if seen.insert(identifier(anchor)).inserted { removed.append(anchor) }
    }
    return (added, updated, removed)
  }
}
