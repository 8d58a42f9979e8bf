/*
 * Embree 3 peer for the raycast benchmark (development tool, not a test dependency).
 *
 * Reads a scene exported by `ARSimBenchmarks raycast --export DIR` (camera line, rectangles as 4
 * world corners, sparse rays), builds one triangle geometry (two triangles per rectangle) and times,
 * single-threaded, with medians over repetitions:
 *   - the full frame with rtcIntersect8, packets of 8 pixels along a row, coherent context flag;
 *   - the same with the default (incoherent) context;
 *   - the sparse rays with rtcIntersect1.
 * Timed regions include ray generation (frame) and storing t and the rectangle index per ray.
 * Build: cc -O2 embree_peer.c -lembree3 -o embree_peer.   Usage: embree_peer FILE [repetitions]
 */
#include <embree3/rtcore.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "peer_timing.h"


static int width, height;
static float fx, fy, ox, oy;
static float *out_t;
static int32_t *out_index;

static void frame(RTCScene scene, int coherent) {
  struct RTCIntersectContext ctx;
  rtcInitIntersectContext(&ctx);
  if (coherent) ctx.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
  int valid[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  struct RTCRayHit8 rh __attribute__((aligned(32)));
  for (int v = 0; v < height; v++) {
    for (int u0 = 0; u0 < width; u0 += 8) {
      for (int l = 0; l < 8; l++) {
        /* The same pinhole formula as the Swift kernels: pixel centre (u + 0.5, v + 0.5) in
           continuous pixels, ARKit's principal point (ox, oy) at (ox + 0.5, oy + 0.5) there:
           ((u + 0.5 - (ox + 0.5))/fx, -(v + 0.5 - (oy + 0.5))/fy, -1) normalized. */
        float pu = ox + 0.5f, pv = oy + 0.5f;
        float x = ((float)(u0 + l) + 0.5f - pu) / fx, y = -(((float)v + 0.5f - pv) / fy);
        float len = sqrtf((x * x + y * y) + 1.0f);
        rh.ray.org_x[l] = 0; rh.ray.org_y[l] = 0; rh.ray.org_z[l] = 0;
        rh.ray.dir_x[l] = x / len; rh.ray.dir_y[l] = y / len; rh.ray.dir_z[l] = -1.0f / len;
        rh.ray.tnear[l] = 0; rh.ray.tfar[l] = INFINITY; rh.ray.time[l] = 0;
        rh.ray.mask[l] = 0xFFFFFFFFu; rh.ray.id[l] = 0; rh.ray.flags[l] = 0;
        rh.hit.geomID[l] = RTC_INVALID_GEOMETRY_ID; rh.hit.instID[0][l] = RTC_INVALID_GEOMETRY_ID;
      }
      rtcIntersect8(valid, scene, &ctx, &rh);
      size_t o = (size_t)v * (size_t)width + (size_t)u0;
      for (int l = 0; l < 8; l++) {
        int hit = rh.hit.geomID[l] != RTC_INVALID_GEOMETRY_ID;
        out_t[o + l] = hit ? rh.ray.tfar[l] : INFINITY;
        out_index[o + l] = hit ? (int32_t)(rh.hit.primID[l] / 2) : -1;
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: embree_peer FILE [repetitions]\n");
    return 64;
  }
  int reps = argc > 2 ? atoi(argv[2]) : 7;
  if (reps < 1) reps = 1;
  FILE *f = fopen(argv[1], "r");
  if (!f) { fprintf(stderr, "embree_peer: cannot open %s\n", argv[1]); return 1; }
  int k = 0, nrays = 0;
  if (fscanf(f, " camera %d %d %f %f %f %f rectangles %d", &width, &height, &fx, &fy, &ox, &oy, &k) != 7 ||
      width % 8 != 0) {
    fprintf(stderr, "embree_peer: %s: bad header\n", argv[1]);
    return 1;
  }
  RTCDevice device = rtcNewDevice("threads=1");
  RTCScene scene = rtcNewScene(device);
  RTCGeometry geom = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
  float *vertices = rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                            3 * sizeof(float), (size_t)(4 * (k > 0 ? k : 1)));
  unsigned *tris = rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                           3 * sizeof(unsigned), (size_t)(2 * (k > 0 ? k : 1)));
  for (int i = 0; i < k; i++) {
    for (int j = 0; j < 12; j++) {
      if (fscanf(f, "%f", &vertices[12 * i + j]) != 1) {
        fprintf(stderr, "embree_peer: %s: rectangle %d: bad corner\n", argv[1], i);
        return 1;
      }
    }
    unsigned b = 4u * (unsigned)i;
    unsigned t[6] = {b, b + 1, b + 2, b, b + 2, b + 3};
    memcpy(tris + 6 * i, t, sizeof t);
  }
  if (fscanf(f, " rays %d", &nrays) != 1 || nrays < 0) {
    fprintf(stderr, "embree_peer: %s: bad rays header\n", argv[1]);
    return 1;
  }
  float *rays = malloc(sizeof(float) * 6 * (size_t)(nrays > 0 ? nrays : 1));
  for (int i = 0; i < 6 * nrays; i++) {
    if (fscanf(f, "%f", &rays[i]) != 1) {
      fprintf(stderr, "embree_peer: %s: ray %d: bad value\n", argv[1], i / 6);
      return 1;
    }
  }
  fclose(f);
  double t0 = now_seconds();
  rtcCommitGeometry(geom);
  rtcAttachGeometry(scene, geom);
  rtcReleaseGeometry(geom);
  rtcCommitScene(scene);
  double build = now_seconds() - t0;

  size_t n = (size_t)width * (size_t)height;
  out_t = malloc(sizeof(float) * n);
  out_index = malloc(sizeof(int32_t) * n);
  double *times = malloc(sizeof(double) * (size_t)reps);
  double med[2];
  long hits[2] = {0, 0};
  for (int coherent = 1; coherent >= 0; coherent--) {
    frame(scene, coherent); /* warm-up */
    for (int r = 0; r < reps; r++) {
      double s = now_seconds();
      frame(scene, coherent);
      times[r] = now_seconds() - s;
    }
    med[coherent] = median(times, reps);
    for (size_t i = 0; i < n; i++) hits[coherent] += out_index[i] >= 0;
  }
  /* Sparse: rtcIntersect1. */
  float *st = malloc(sizeof(float) * (size_t)(nrays > 0 ? nrays : 1));
  int32_t *si = malloc(sizeof(int32_t) * (size_t)(nrays > 0 ? nrays : 1));
  struct RTCIntersectContext ctx;
  rtcInitIntersectContext(&ctx);
  long sparse_hits = 0;
  for (int r = 0; r <= reps; r++) {
    double s = now_seconds();
    for (int i = 0; i < nrays; i++) {
      struct RTCRayHit rh;
      const float *q = rays + 6 * i;
      rh.ray.org_x = q[0]; rh.ray.org_y = q[1]; rh.ray.org_z = q[2];
      rh.ray.dir_x = q[3]; rh.ray.dir_y = q[4]; rh.ray.dir_z = q[5];
      rh.ray.tnear = 0; rh.ray.tfar = INFINITY; rh.ray.time = 0; rh.ray.mask = 0xFFFFFFFFu;
      rh.ray.id = 0; rh.ray.flags = 0;
      rh.hit.geomID = RTC_INVALID_GEOMETRY_ID; rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
      rtcIntersect1(scene, &ctx, &rh);
      int hit = rh.hit.geomID != RTC_INVALID_GEOMETRY_ID;
      st[i] = hit ? rh.ray.tfar : INFINITY;
      si[i] = hit ? (int32_t)(rh.hit.primID / 2) : -1;
    }
    if (r > 0) times[r - 1] = now_seconds() - s; /* r == 0 is the warm-up */
  }
  double sparse_med = median(times, reps);
  for (int i = 0; i < nrays; i++) sparse_hits += si[i] >= 0;
  printf("{\"peer\": \"embree3 %d.%d.%d\", \"planes\": %d, \"rays\": %zu, \"sparseRays\": %d, "
         "\"repetitions\": %d, \"buildSeconds\": %.6g, "
         "\"frameCoherent8\": {\"medianSeconds\": %.6g, \"mraysPerSecond\": %.4f, \"hits\": %ld}, "
         "\"frameDefault8\": {\"medianSeconds\": %.6g, \"mraysPerSecond\": %.4f, \"hits\": %ld}, "
         "\"sparse1\": {\"medianSeconds\": %.6g, \"mraysPerSecond\": %.4f, \"hits\": %ld}}\n",
         RTC_VERSION_MAJOR, RTC_VERSION_MINOR, RTC_VERSION_PATCH, k, n, nrays, reps, build,
         med[1], (double)n / med[1] / 1e6, hits[1], med[0], (double)n / med[0] / 1e6, hits[0],
         sparse_med, nrays / sparse_med / 1e6, sparse_hits);
  rtcReleaseScene(scene);
  rtcReleaseDevice(device);
  free(rays); free(st); free(si); free(out_t); free(out_index); free(times);
  return 0;
}
