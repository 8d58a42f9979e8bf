/// The error of the reported camera position over time, and how tracking corrections move the
/// anchors around the camera: the model a synthesized session follows and a replayed one
/// re-applies to the anchors an app adds.
///
/// The error (world metres, reported minus true position, noise left out) at time `t` is the
/// drift `velocity × (t − driftStart)` (for `t >= driftStart`), plus every jump at or before
/// `t`, plus the shift of every correction at or before `t`. Correction `k` (time `t_k`,
/// fraction `f_k`) shifts the error by `−f_k × error(t_k)`, the error just before it (jumps at
/// `t_k` included, correction `k` not): it removes that part of the accumulated error.
///
/// Anchors (plane anchors, app anchors) carry the error the region they stand in was mapped
/// with: an anchor made at time `t` carries `error(t)`. Correction `k` moves an anchor carrying
/// `e` by `−f_k × w × e` and leaves it carrying the rest, where `w` is the anchor's weight: 1
/// within `radiusMeters` of the camera's reported position on the correction's frame, falling
/// linearly to 0 over the next `falloffMeters` (a hard edge when the falloff is 0). So an anchor
/// made near the camera moves with the world as the camera's error is corrected, and a position
/// stored as world coordinates does not; the world origin never moves.
///
/// Times are seconds on one clock: the frames' (truth events) or the scene's (a spec).
public struct TrackingErrorTimeline: Sendable, Hashable {
  /// One correction: when, how much, how local.
  public struct Correction: Sendable, Hashable {
    /// When it happens (seconds).
    public var timeSeconds: Double
    /// The part of the accumulated error it removes, 0...1.
    public var fraction: Double
    /// The distance from the camera (metres) within which anchors absorb it in full.
    public var radiusMeters: Double
    /// The width (metres) beyond the radius over which the weight falls linearly to 0.
    public var falloffMeters: Double

    /// Creates a correction.
    public init(timeSeconds: Double, fraction: Double, radiusMeters: Double, falloffMeters: Double)
    {
      self.timeSeconds = timeSeconds
      self.fraction = fraction
      self.radiusMeters = radiusMeters
      self.falloffMeters = falloffMeters
    }

    /// The weight of an anchor `distanceMeters` from the camera: 1 within the radius, then
    /// falling linearly to 0 over the falloff, 0 beyond (and for a non-finite distance).
    public func weight(distanceMeters: Float) -> Float {
      guard distanceMeters.isFinite else { return 0 }
      let beyond = Double(distanceMeters) - radiusMeters
      if beyond <= 0 { return 1 }
      guard falloffMeters > 0 else { return 0 }
      return Float(max(0, 1 - beyond / falloffMeters))
    }

    /// How far an anchor carrying `carriedErrorMeters` at `distanceMeters` from the camera
    /// moves (world metres): `−fraction × weight × carriedError`.
    public func anchorShift(carriedErrorMeters: SIMD3<Float>, distanceMeters: Float)
      -> SIMD3<Float>
    {
      -Float(fraction) * weight(distanceMeters: distanceMeters) * carriedErrorMeters
    }
  }

  /// A sudden shift of the reported position, kept from its time on.
  public struct Jump: Sendable, Hashable {
    /// When it happens (seconds).
    public var timeSeconds: Double
    /// The world offset it adds (metres).
    public var offsetMeters: SIMD3<Float>

    /// Creates a jump.
    public init(timeSeconds: Double, offsetMeters: SIMD3<Float>) {
      self.timeSeconds = timeSeconds
      self.offsetMeters = offsetMeters
    }
  }

  /// When the drift starts (seconds).
  public let driftStartSeconds: Double
  /// The drift velocity (world metres per second).
  public let driftMetersPerSecond: SIMD3<Float>
  /// The jumps (time in seconds, world offset in metres), sorted by time.
  public let jumps: [Jump]
  /// The corrections, sorted by time.
  public let corrections: [Correction]
  /// The shift each correction gives the camera's error (world metres), in correction order.
  public let correctionShiftsMeters: [SIMD3<Float>]

  /// A timeline; jumps and corrections are sorted by time (stable).
  public init(
    driftStartSeconds: Double = 0, driftMetersPerSecond: SIMD3<Float> = .zero,
    jumps: [Jump] = [],
    corrections: [Correction] = []
  ) {
    self.driftStartSeconds = driftStartSeconds
    self.driftMetersPerSecond = driftMetersPerSecond
    self.jumps = jumps.enumerated().sorted {
      ($0.element.timeSeconds, $0.offset) < ($1.element.timeSeconds, $1.offset)
    }.map(\.element)
    let sorted = corrections.enumerated().sorted {
      ($0.element.timeSeconds, $0.offset) < ($1.element.timeSeconds, $1.offset)
    }.map(\.element)
    self.corrections = sorted
    var shifts: [SIMD3<Float>] = []
    for correction in sorted {
      let before = Self.error(
        at: correction.timeSeconds, driftStart: driftStartSeconds,
        drift: driftMetersPerSecond, jumps: self.jumps, shifts: shifts,
        corrections: sorted)
      shifts.append(-Float(correction.fraction) * before)
    }
    correctionShiftsMeters = shifts
  }

  /// The timeline of a recording's truth events (`trackingDrift`, `trackingJump`,
  /// `trackingCorrection`; several drifts add up, the first one's start is the drift start);
  /// `nil` when they hold no correction (nothing moves the anchors).
  public init?(truthEvents: [RecordingTruthEvent]) {
    var corrections: [Correction] = []
    var jumps: [Jump] = []
    var drift = SIMD3<Float>.zero
    var driftStart: Double?
    for event in truthEvents {
      switch event.kind {
      case .trackingCorrection:
        corrections.append(
          Correction(
            timeSeconds: event.timestamp, fraction: event.fraction ?? 0,
            radiusMeters: event.radiusMeters ?? 0, falloffMeters: event.falloffMeters ?? 0))
      case .trackingJump:
        if let offset = event.offsetMeters {
          jumps.append(Jump(timeSeconds: event.timestamp, offsetMeters: SIMD3<Float>(offset)))
        }
      case .trackingDrift:
        if let velocity = event.velocityMetersPerSecond {
          drift += SIMD3<Float>(velocity)
          driftStart = min(driftStart ?? event.timestamp, event.timestamp)
        }
      case .trackingLost, .trackingInterrupted:
        // An interruption's pose changes are written as jumps too.
        continue
      }
    }
    guard !corrections.isEmpty else { return nil }
    self.init(
      driftStartSeconds: driftStart ?? 0, driftMetersPerSecond: drift, jumps: jumps,
      corrections: corrections)
  }

  /// The error of the reported position at `timeSeconds` (world metres; see the type's
  /// documentation).
  public func error(at timeSeconds: Double) -> SIMD3<Float> {
    Self.error(
      at: timeSeconds, driftStart: driftStartSeconds, drift: driftMetersPerSecond, jumps: jumps,
      shifts: correctionShiftsMeters, corrections: corrections, includingCorrectionsAt: true)
  }

  /// The error at `time`: drift, then the jumps at or before it, then the shifts of the
  /// corrections before it (at it too when `includingCorrectionsAt`), summed in that order.
  private static func error(
    at time: Double, driftStart: Double, drift: SIMD3<Float>,
    jumps: [Jump], shifts: [SIMD3<Float>],
    corrections: [Correction], includingCorrectionsAt: Bool = false
  ) -> SIMD3<Float> {
    var total = time >= driftStart ? Float(time - driftStart) * drift : .zero
    for jump in jumps where jump.timeSeconds <= time { total += jump.offsetMeters }
    for (index, shift) in shifts.enumerated() {
      let at = corrections[index].timeSeconds
      guard at < time || (includingCorrectionsAt && at == time) else { break }
      total += shift
    }
    return total
  }

  /// The indices of the corrections in `(after, upTo]` (seconds; every correction up to `upTo`
  /// when `after` is `nil`), in time order.
  public func correctionIndices(after: Double?, upTo: Double) -> Range<Int> {
    let start = corrections.firstIndex { correction in
      after.map { correction.timeSeconds > $0 } ?? true
    }
    let end = corrections.firstIndex { $0.timeSeconds > upTo } ?? corrections.count
    guard let start, start < end else { return end..<end }
    return start..<end
  }
}
