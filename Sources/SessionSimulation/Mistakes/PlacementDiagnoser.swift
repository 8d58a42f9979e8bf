import Foundation

/// Says which placement explains a placer's markers: run beside the placer over the same frames,
/// the correct placement and every applicable catalogue mistake place the frame's observations
/// again (each with its own tracker), and each is compared with the placer's shown markers.
///
/// Per frame, each shown marker of the placer is paired with the nearest shown marker of its
/// label that the candidate placement puts in the same frame, and each of the candidate's with
/// the nearest of the placer's; a marker without one counts as infinitely far. A candidate's
/// residual is the median of these distances (robust to the frames where two trackers confirm
/// or drop a marker at different times). Fits are sorted by residual, ties in catalogue order
/// with the correct placement first; mistakes that apply to no frame (``PlacementMistake/
/// isApplicable(to:)``) are left out.
///
/// Memory is constant in the number of frames (medians come from a fine histogram: 0.5 %
/// resolution from 1 µm to 1 km).
public struct PlacementDiagnoser {
  struct Candidate {
    let mistake: PlacementMistake?
    var placer: StepPlacer
    var distances = DistanceHistogram()
    var isApplicable: Bool
  }

  var candidates: [Candidate]

  /// A diagnoser over the correct placement and `mistakes` (default: the whole catalogue).
  public init(mistakes: [PlacementMistake] = PlacementMistake.catalogue) {
    candidates =
      [Candidate(mistake: nil, placer: .reference, isApplicable: true)]
      + mistakes.map { Candidate(mistake: $0, placer: $0.makePlacer(), isApplicable: false) }
  }

  /// Places `frame` with every candidate and compares with the placer's `markers` (every state;
  /// tentative ones are not compared).
  public mutating func add(_ markers: [PlacedMarker], in frame: SimulatedFrame) {
    let shown = markers.filter(\.state.isShown)
    for index in candidates.indices {
      if let mistake = candidates[index].mistake, !candidates[index].isApplicable {
        candidates[index].isApplicable = mistake.isApplicable(to: frame)
      }
      let placed = candidates[index].placer.markers(for: frame).filter(\.state.isShown)
      for marker in shown {
        candidates[index].distances.add(Self.nearestDistance(to: marker, among: placed))
      }
      for marker in placed {
        candidates[index].distances.add(Self.nearestDistance(to: marker, among: shown))
      }
    }
  }

  /// The fits, best first (see the type's documentation).
  public func fits() -> [DiagnosisFit] {
    var fits: [(order: Int, fit: DiagnosisFit)] = []
    for (order, candidate) in candidates.enumerated() where candidate.isApplicable {
      fits.append(
        (
          order,
          DiagnosisFit(
            mistake: candidate.mistake,
            residualMillimeters: candidate.distances.median.map { $0 * 1000 })
        ))
    }
    fits.sort { a, b in
      switch (a.fit.residualMillimeters, b.fit.residualMillimeters) {
      case (let x?, let y?) where x != y: x < y
      case (.some, nil): true
      case (nil, .some): false
      default: a.order < b.order
      }
    }
    return fits.map(\.fit)
  }

  /// The distance (metres) from `marker` to the nearest of `others` with its label, or infinity.
  static func nearestDistance(to marker: PlacedMarker, among others: [PlacedMarker]) -> Double {
    var best = Double.infinity
    for other in others where other.label == marker.label {
      best = min(best, Double(marker.position.distance(to: other.position)))
    }
    return best
  }
}

/// Counts distances (metres) in logarithmic bins, 0.5 % wide from 1 µm to 1 km, plus one bin
/// below and one for infinity (no counterpart), so a median needs no stored samples.
struct DistanceHistogram {
  static let smallest = 1e-6
  static let ratio = 1.005
  static let binCount = Int((log(1e9) / log(ratio)).rounded(.up))
  /// Bin 0: below `smallest`; 1...binCount: logarithmic; binCount + 1: infinity (and NaN).
  var counts = [Int](repeating: 0, count: binCount + 2)
  var total = 0

  mutating func add(_ meters: Double) {
    total += 1
    guard meters.isFinite else {
      counts[Self.binCount + 1] += 1
      return
    }
    guard meters >= Self.smallest else {
      counts[0] += 1
      return
    }
    let bin = Int(log(meters / Self.smallest) / log(Self.ratio)) + 1
    counts[min(bin, Self.binCount)] += 1
  }

  /// The median (the bin's geometric centre), 0 when the median falls below 1 µm or there are
  /// no samples, `nil` when it is infinite.
  var median: Double? {
    guard total > 0 else { return 0 }
    var seen = 0
    for (bin, count) in counts.enumerated() {
      seen += count
      guard 2 * seen > total else { continue }
      if bin == 0 { return 0 }
      if bin == Self.binCount + 1 { return nil }
      return Self.smallest * pow(Self.ratio, Double(bin - 1) + 0.5)
    }
    return nil
  }
}
