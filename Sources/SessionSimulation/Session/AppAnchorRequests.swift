import ARSimulation

/// The anchors an app adds and removes while it handles one frame (`ARSession.add(anchor:)`,
/// `ARSession.remove(anchor:)`), handed to the session after the frame: they take effect with
/// the next frame (its ``SimulatedFrame/appAnchors`` and ``AnchorChanges``), as ARKit reports
/// an added anchor with the next frame.
///
/// Requests apply in the order made. Adding an identifier the session already has, or removing
/// one it does not have, does nothing (ARKit ignores both).
public struct AppAnchorRequests: Sendable, Hashable {
  /// One request.
  public enum Request: Sendable, Hashable {
    /// Add the anchor.
    case add(AppAnchor)
    /// Remove the anchor with this identifier.
    case remove(identifier: String)
  }

  /// The requests, in the order made.
  public private(set) var requests: [Request] = []

  /// No requests.
  public init() {}

  /// Adds `anchor` with the next frame (`ARSession.add(anchor:)`).
  public mutating func add(anchor: AppAnchor) { requests.append(.add(anchor)) }

  /// Removes `anchor` (by identifier) with the next frame (`ARSession.remove(anchor:)`).
  public mutating func remove(anchor: AppAnchor) {
    requests.append(.remove(identifier: anchor.identifier))
  }

  /// Removes the anchor with `identifier` with the next frame.
  public mutating func remove(identifier: String) {
    requests.append(.remove(identifier: identifier))
  }

  /// Whether no request was made.
  public var isEmpty: Bool { requests.isEmpty }
}
