import SceneFormat

/// A session's figures split at its interruptions (the recording's `trackingInterrupted` truth
/// events): before the first interruption, while the app is away or the session relocalizes, and
/// after relocalization (or after a failed relocalization reset tracking), with how long each
/// object took to get its marker back.
///
/// The phases use the same matching as the whole session's figures (a frame's counts go to the
/// phase its timestamp falls in, so the phases' counts add up to ``ReplayMetrics/tracking``'s);
/// while relocalizing the markers are scored where the user sees them (moved by the reported
/// pose's offset), so a marker shown then at its world position is drawn at a wrong place and is
/// a false positive when in view. A marker placed while relocalizing, with the camera off by the
/// offset, is drawn on its button then but lands that far from it once the session has
/// relocalized: a false positive after relocalization.
public struct InterruptionPhaseScores: Sendable, Hashable {
  /// The phases of a session with interruptions.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// Frames before the first interruption starts.
    case beforeInterruption
    /// Frames from an interruption's start until its relocalization succeeded or tracking was
    /// reset (the app was away, then the reported pose was off).
    case relocalizing
    /// Frames after an interruption's relocalization or reset, until the next interruption.
    case afterRelocalization
  }

  /// One phase's CLEAR-MOT counts and placement error.
  public struct PhaseScore: Sendable, Hashable {
    /// Frames in the phase.
    public var frameCount = 0
    /// Truth object-frames in view.
    public var truthCount = 0
    /// Of those, matched by a shown marker.
    public var matchCount = 0
    /// Of those, without a matching marker.
    public var missCount = 0
    /// Marker-frames in view that match no truth object: markers shown at a wrong place.
    public var falsePositiveCount = 0
    /// Identity switches.
    public var idSwitchCount = 0
    /// Sum over matched object-frames of the squared distance to the marker, m².
    var squaredErrorSum = 0.0

    /// Creates empty counts.
    public init() {}

    /// `1 - (misses + false positives + ID switches) / truth object-frames`; `nil` without
    /// truth objects in view in the phase.
    public var mota: Double? {
      guard truthCount > 0 else { return nil }
      return 1 - Double(missCount + falsePositiveCount + idSwitchCount) / Double(truthCount)
    }

    /// RMS distance between the truth objects and their matched markers over the phase's
    /// matched object-frames, mm; `nil` without a match.
    public var placementErrorRMSMillimeters: Double? {
      matchCount > 0 ? (squaredErrorSum / Double(matchCount)).squareRoot() * 1000 : nil
    }

    var jsonValue: JSONValue {
      .object([
        "frameCount": .number(Double(frameCount)),
        "truthCount": .number(Double(truthCount)),
        "matchCount": .number(Double(matchCount)),
        "missCount": .number(Double(missCount)),
        "falsePositiveCount": .number(Double(falsePositiveCount)),
        "idSwitchCount": .number(Double(idSwitchCount)),
        "mota": .optionalNumber(mota),
        "placementErrorRMSMillimeters": .optionalNumber(placementErrorRMSMillimeters),
      ])
    }
  }

  /// How long a truth object in view after a relocalization took to get a matching marker.
  public struct Restoration: Sendable, Hashable {
    /// The truth object's id.
    public var id: String
    /// When the relocalization succeeded or tracking was reset (recording timestamp, seconds).
    public var relocalizedTimestampSeconds: Double
    /// Seconds from the first frame after then in which the object was in view to its first
    /// matching marker; `nil` when it got none before the next interruption or the end.
    public var secondsToRestored: Double?
  }

  /// Before the first interruption.
  public var beforeInterruption = PhaseScore()
  /// While away and relocalizing, over every interruption.
  public var relocalizing = PhaseScore()
  /// After relocalization, over every interruption.
  public var afterRelocalization = PhaseScore()
  /// Per relocalization (in time order) and truth object in view after it (recording order).
  public var restorations: [Restoration] = []

  /// Creates empty scores.
  public init() {}

  /// The score of `phase`.
  public subscript(phase: Phase) -> PhaseScore {
    get {
      switch phase {
      case .beforeInterruption: beforeInterruption
      case .relocalizing: relocalizing
      case .afterRelocalization: afterRelocalization
      }
    }
    set {
      switch phase {
      case .beforeInterruption: beforeInterruption = newValue
      case .relocalizing: relocalizing = newValue
      case .afterRelocalization: afterRelocalization = newValue
      }
    }
  }

  /// The longest ``Restoration/secondsToRestored`` (infinity when an object never got its
  /// marker back), or `nil` when no object was in view after a relocalization.
  public var restoredMaxSeconds: Double? {
    guard !restorations.isEmpty else { return nil }
    return restorations.map { $0.secondsToRestored ?? .infinity }.max()
  }

  package var jsonValue: JSONValue {
    .object([
      "beforeInterruption": beforeInterruption.jsonValue,
      "relocalizing": relocalizing.jsonValue,
      "afterRelocalization": afterRelocalization.jsonValue,
      "restorations": .array(
        restorations.map {
          .object([
            "id": .string($0.id),
            "relocalizedTimestamp": .number($0.relocalizedTimestampSeconds),
            "secondsToRestored": .optionalNumber($0.secondsToRestored),
          ])
        }),
    ])
  }
}
