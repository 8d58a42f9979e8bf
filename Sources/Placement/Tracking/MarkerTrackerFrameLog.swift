/// What `MarkerTracker` did in its latest frame: the fate of every measurement and every marker
/// removed. Diagnostics only (it never affects tracking); tools use it to explain identity losses
/// and outliers (`ARSimBenchmarks tracking-scenes`).
public struct MarkerTrackerFrameLog: Sendable, Hashable {
  /// One entry per measurement passed to `update`, in input order.
  public var measurements: [MarkerMeasurementOutcome] = []
  /// Markers removed in this frame (id order), with the reason.
  public var removals: [MarkerRemoval] = []
  /// Markers re-anchored individually in this frame (id order).
  public var reanchoredMarkerIDs: [Int] = []
  /// The shared translation applied to every marker in rigid-layout mode (world metres), or `nil`
  /// when none was applied.
  public var rigidShiftMeters: SIMD3<Float>?

  /// An empty log.
  public init() {}
}

/// What the tracker did with one measurement.
public enum MarkerMeasurementOutcome: Sendable, Hashable {
  /// Dropped: a coordinate or the confidence was not finite.
  case ignoredNonFinite
  /// Dropped: below the minimum confidence.
  case ignoredLowConfidence
  /// Assigned to the marker and accepted by its filter.
  case accepted(markerID: Int)
  /// Assigned to the marker, but its filter rejected it as an outlier (counted as an outlier
  /// measurement; evidence for re-anchoring).
  case rejectedByFilter(markerID: Int)
  /// Not assigned; kept as evidence against the position of the marker (an outlier measurement).
  case evidence(markerID: Int)
  /// Not assigned; a duplicate detection of the shown marker with its label (an outlier
  /// measurement).
  case duplicate(markerID: Int)
  /// Not assigned; started a new tentative marker.
  case spawned(markerID: Int)

  /// The marker the outcome refers to, or `nil` for an ignored measurement.
  public var markerID: Int? {
    switch self {
    case .ignoredNonFinite, .ignoredLowConfidence: nil
    case .accepted(let id), .rejectedByFilter(let id), .evidence(let id), .duplicate(let id),
      .spawned(let id):
      id
    }
  }

  /// Whether the tracker counted the measurement as an outlier
  /// (`MarkerTrackerStatistics.outlierMeasurementCount`).
  public var isOutlier: Bool {
    switch self {
    case .rejectedByFilter, .evidence, .duplicate: true
    default: false
    }
  }
}

/// A marker the tracker removed, and why.
public struct MarkerRemoval: Sendable, Hashable {
  /// Why a marker was removed.
  public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
    /// A tentative marker missed before it was confirmed.
    case tentativeMissed
    /// An established marker went without hits for longer than its lifetime allows.
    case expired
  }

  /// The marker's id.
  public var markerID: Int
  /// Why it was removed.
  public var reason: Reason

  /// Creates a removal record.
  public init(markerID: Int, reason: Reason) {
    self.markerID = markerID
    self.reason = reason
  }
}
