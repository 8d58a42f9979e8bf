import Foundation
import SceneFormat

/// Says which placement explains a placer's markers: run beside the placer over the same frames,
/// the correct placement and every applicable catalogue mistake place the frame's observations
/// again (``PlacementSteps``: where each observation lands under that placement, before any
/// smoothing), and each is compared with the placer's shown markers.
///
/// Per frame, each of the placer's markers measured in this frame (state `confirmed`) is paired
/// with the nearest point of its label that the candidate placed in the last ``windowSeconds``
/// (so a smoothing filter that lags a little behind its points still pairs with them), and each
/// point the candidate placed in this frame with the nearest of the placer's markers of its
/// label in any state (a tracker starts a tentative marker where a point does not fit a shown
/// one); an unpaired marker or point counts as infinitely far. Coasting markers are not paired:
/// they hold positions of earlier frames. A candidate's residual is the median of these
/// distances (robust to frames where a tracker confirms or drops a marker at another time than
/// the candidate would). Fits are sorted by residual, ties in catalogue order with the correct
/// placement first; mistakes that apply to no frame (``PlacementMistake/isApplicable(to:)``) are
/// left out.
///
/// The correct placement is both the raycast one (``ReferenceSteps``) and, in a session with
/// scene depth, the depth one (``DepthSteps``); the better fit of the two is reported. Steps
/// that place by depth (``PlacementSteps/placesByDepth``: the correct depth placement and the
/// depth mistakes) are compared on the frames with scene depth only, so a depth placer is
/// judged where it places and a session with depth at a few hertz does not drown it in frames
/// it never sees. Two mistakes can place identically on some scenes (on a `.downMirrored` request,
/// not flipping Vision's y is the same as assuming `.up`): they tie.
///
/// In a session whose tracking corrects itself (a recording with tracking corrections in its
/// truth), markers also stand where they were placed long after the last point near them (out
/// of view), and whether they moved with the corrections tells the correct placement from
/// ``WorldFixedMarkers``. So there each candidate also keeps the last point it placed at each
/// place (one per label within ``keptPointMergeMeters``), moved by the corrections as an anchor
/// made there would move (see `TrackingErrorTimeline`) when its steps attach markers to anchors
/// (``PlacementSteps/attachesMarkersToAnchors``), left where it is otherwise; every shown
/// marker (coasting too) is paired with the nearest of its label among the recent and the kept
/// points.
///
/// While the camera relocalizes after an interruption, candidates whose steps hide markers then
/// (``PlacementSteps/hidesMarkersWhileRelocalizing``) place nothing, so a placer that shows
/// markers then is told from the correct one (``ShownBeforeRelocalization``).
///
/// Memory is constant in the number of frames (medians come from a fine histogram: 0.5 %
/// resolution from 1 µm to 1 km).
public struct PlacementDiagnoser {
  struct Candidate {
    let mistake: PlacementMistake?
    var steps: any PlacementSteps
    /// The points placed in recent frames: timestamp, then label and world point.
    var recent: [(seconds: Double, points: [(label: String, position: SIMD3<Float>)])] = []
    var distances = DistanceHistogram()
    var isApplicable: Bool
    /// With corrections: the last point placed at each place, and the tracking error it was
    /// placed with (world metres).
    var kept: [(label: String, position: SIMD3<Float>, carriedErrorMeters: SIMD3<Float>)] = []
    /// The timestamp of the previous frame added.
    var lastTimestamp: Double?

    /// Moves the kept points by the corrections since the previous frame, when the steps
    /// attach markers to anchors (as ``AppAnchorStore`` moves anchors).
    mutating func applyCorrections(
      _ timeline: TrackingErrorTimeline, upTo timestamp: Double, cameraPosition: SIMD3<Float>
    ) {
      defer { lastTimestamp = timestamp }
      guard steps.attachesMarkersToAnchors else { return }
      for k in timeline.correctionIndices(after: lastTimestamp, upTo: timestamp) {
        let correction = timeline.corrections[k]
        for i in kept.indices {
          let shift = correction.anchorShift(
            carriedErrorMeters: kept[i].carriedErrorMeters,
            distanceMeters: kept[i].position.distance(to: cameraPosition))
          kept[i].position += shift
          kept[i].carriedErrorMeters += shift
        }
      }
    }

    /// Keeps `placed`: each replaces the nearest kept point of its label within `radius`, or
    /// is added.
    mutating func keep(
      _ placed: [(label: String, position: SIMD3<Float>)], errorMeters: SIMD3<Float>,
      radius: Float
    ) {
      for point in placed {
        var nearest: Int?
        var distance = radius
        for i in kept.indices where kept[i].label == point.label {
          let d = kept[i].position.distance(to: point.position)
          if d <= distance {
            distance = d
            nearest = i
          }
        }
        if let nearest {
          kept[nearest].position = point.position
          kept[nearest].carriedErrorMeters = errorMeters
        } else {
          kept.append((point.label, point.position, errorMeters))
        }
      }
    }
  }

  var candidates: [Candidate]
  /// How far back (seconds) a candidate's points pair with a placer's marker (default 0.25).
  public let windowSeconds: Double
  /// In a session with tracking corrections, how near (metres) a point must be to a kept point
  /// of its label to replace it (0.05).
  public static let keptPointMergeMeters: Float = 0.05

  /// A diagnoser over the correct placement and `mistakes` (default: the whole catalogue).
  public init(
    mistakes: [PlacementMistake] = PlacementMistake.catalogue, windowSeconds: Double = 0.25
  ) {
    candidates =
      [
        Candidate(mistake: nil, steps: ReferenceSteps(), isApplicable: true),
        Candidate(mistake: nil, steps: DepthSteps(), isApplicable: false),
      ]
      + mistakes.map { Candidate(mistake: $0, steps: $0.steps, isApplicable: false) }
    self.windowSeconds = windowSeconds.isFinite ? max(windowSeconds, 0) : 0.25
  }

  /// Places `frame`'s observations with every candidate and compares with the placer's
  /// `markers` (every state; see the type's documentation).
  public mutating func add(_ markers: [PlacedMarker], in frame: SimulatedFrame) {
    let timeline = frame.trackingErrorTimeline
    let measured = markers.filter {
      timeline == nil ? $0.state == .confirmed : $0.state.isShown
    }
    for index in candidates.indices {
      if let timeline {
        candidates[index].applyCorrections(
          timeline, upTo: frame.timestamp, cameraPosition: frame.camera.transform.columns.3.xyz)
      }
      let steps = candidates[index].steps
      if steps.placesByDepth, frame.sceneDepth == nil {
        candidates[index].steps.didPlace(frame)
        continue
      }
      if !candidates[index].isApplicable {
        candidates[index].isApplicable =
          candidates[index].mistake.map { $0.isApplicable(to: frame) } ?? true
      }
      var placed: [(label: String, position: SIMD3<Float>)] = []
      // Steps that hide markers while relocalizing place nothing then.
      let paused = steps.pausesWhileRelocalizing(in: frame)
      for observation in paused ? [] : steps.observations(in: frame) {
        guard let position = steps.worldPosition(of: observation, in: frame) else { continue }
        placed.append((observation.labels.first?.identifier ?? observation.label, position))
      }
      candidates[index].steps.didPlace(frame)
      candidates[index].recent.removeAll { frame.timestamp - $0.seconds > windowSeconds }
      candidates[index].recent.append((frame.timestamp, placed))
      if let timeline {
        candidates[index].keep(
          placed, errorMeters: timeline.error(at: frame.timestamp),
          radius: Self.keptPointMergeMeters)
      }
      for marker in measured {
        var best = Double.infinity
        for entry in candidates[index].recent {
          for point in entry.points where point.label == marker.label {
            best = min(best, Double(marker.position.distance(to: point.position)))
          }
        }
        for point in candidates[index].kept where point.label == marker.label {
          best = min(best, Double(marker.position.distance(to: point.position)))
        }
        candidates[index].distances.add(best)
      }
      for point in placed {
        var best = Double.infinity
        for marker in markers where marker.label == point.label {
          best = min(best, Double(marker.position.distance(to: point.position)))
        }
        candidates[index].distances.add(best)
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
    // The correct placement once: the better of raycast and depth.
    let firstCorrect = fits.firstIndex { $0.fit.mistake == nil }
    return fits.enumerated().filter { $0.element.fit.mistake != nil || $0.offset == firstCorrect }
      .map(\.element.fit)
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
