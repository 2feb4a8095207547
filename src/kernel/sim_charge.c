#include "kernel/sim_charge.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sim.h"

#ifdef RMALA_SIMULATE
#include <simgrid/host.h>
#include <smpi/smpi.h>

#ifndef RMALA_SIM_DEFAULT_MODEL
#define RMALA_SIM_DEFAULT_MODEL "sim/models/default.txt"
#endif
#ifndef RMALA_SIM_DEFAULT_THREAD_FITS
#define RMALA_SIM_DEFAULT_THREAD_FITS "sim/models/threads-1.txt:sim/models/threads-2.txt"
#endif

// Per simulated rank under SMPI's privatization (each rank reads the file
// once); identical contents either way.
static struct {
  int state; // 0 not loaded, 1 model in use, 2 no model (real BLAS timed), -1 unreadable
  int compute;
  int depth;      // open rma_kernel_sim_begin brackets (nested ones charge nothing)
  int stopped;    // the outermost bracket stopped SMPI's timing (its kind is in the model)
  double scale;   // RMALA_SIM_KERNEL_SCALE: kernel times x this (emulates slower cores)
  double threads; // RMALA_SIM_THREADS: cores one rank stands for (threaded-kernel MODEL)
  char path[512], fits[1040];
  rma_kmodel_t model, one, two; // one, two: the 1- and 2-thread fits (threads > 1 only)
} sim;

// The threaded-kernel MODEL's two fits, "<1-thread file>:<2-thread file>"
// (RMALA_SIM_THREAD_FITS, default the committed pair). Returns 0, or -1 when
// either is unreadable.
static int sim_load_fits(void) {
  const char *f = getenv("RMALA_SIM_THREAD_FITS");
  snprintf(sim.fits, sizeof sim.fits, "%s", f && *f ? f : RMALA_SIM_DEFAULT_THREAD_FITS);
  char first[sizeof sim.fits];
  size_t cut = strcspn(sim.fits, ":");
  if (sim.fits[cut] != ':')
    return -1;
  memcpy(first, sim.fits, cut);
  first[cut] = '\0';
  return rma_kmodel_read(first, &sim.one) == 0 && rma_kmodel_read(sim.fits + cut + 1, &sim.two) == 0
             ? 0
             : -1;
}

static void sim_load(void) {
  if (sim.state != 0)
    return;
  const char *p = getenv("RMALA_SIM_MODEL");
  snprintf(sim.path, sizeof sim.path, "%s", p && *p ? p : RMALA_SIM_DEFAULT_MODEL);
  sim.compute = rma_sim_compute();
  const char *f = getenv("RMALA_SIM_KERNEL_SCALE");
  sim.scale = f && atof(f) > 0.0 ? atof(f) : 1.0;
  const char *c = getenv("RMALA_SIM_THREADS");
  sim.threads = c && atof(c) > 1.0 ? atof(c) : 1.0;
  if (strcmp(sim.path, "none") == 0)
    sim.state = 2, sim.compute = 1, sim.threads = 1.0;
  else
    sim.state = rma_kmodel_read(sim.path, &sim.model) == 0 ? 1 : -1;
  if (sim.state == 1 && sim.threads > 1.0 && sim_load_fits() != 0)
    sim.state = -2;
}

// The MODEL's seconds for a double kernel on this rank: the one-core time,
// times the threaded-kernel factor for sim.threads cores, times the scale.
static double sim_time(rma_kmodel_kind_t kind, int m, int n, int k) {
  double t = rma_kmodel_time(&sim.model, kind, m, n, k);
  if (sim.threads > 1.0)
    t *= rma_kmodel_thread_factor(&sim.one, &sim.two, kind, m, n, k, sim.threads);
  return sim.scale * t;
}

int rma_kernel_sim_threads(void) {
  sim_load();
  return sim.state == 1 && sim.threads > 1.0 ? (int)sim.threads : 1;
}

double rma_kernel_sim_time(rma_kmodel_kind_t kind, int m, int n, int k) {
  sim_load();
  return sim.state == 1 ? sim_time(kind, m, n, k) : 0.0;
}

int rma_kernel_sim_begin(rma_dtype_t dt, rma_kmodel_kind_t kind, int m, int n, int k) {
  sim_load();
  if (sim.state != 1)
    return 0; // no model: SMPI times the real call (an unreadable one is reported by describe)
  if (sim.depth++ > 0)
    return 0; // inside a charged kernel: its charge covers this call, which runs when it runs
  sim.stopped = sim.model.have[kind];
  if (!sim.stopped)
    return 0; // an optional kind this (older) file lacks: SMPI times the call as host code
  smpi_bench_end();
  double t = rma_kmodel_dtype_factor(dt) * sim_time(kind, m, n, k);
  if (t > 0.0)
    smpi_execute_flops(t * sg_host_get_speed(sg_host_self()));
  return !sim.compute;
}

int rma_kernel_sim_end(void) {
  if (sim.state == 1 && --sim.depth == 0 && sim.stopped)
    smpi_bench_begin();
  return 0;
}

int rma_kernel_sim_describe(char *text, int len) {
  sim_load();
  char threads[1200] = "";
  if (sim.threads > 1.0)
    snprintf(threads, sizeof threads, ", threaded-kernel MODEL for %g threads per rank (fits %s)",
             sim.threads, sim.fits);
  // Optional kinds the model file lacks (older fits): left to SMPI as host code, said here.
  char missing[200] = "";
  for (int kd = RMA_KMODEL_REQUIRED; sim.state == 1 && kd < RMA_KMODEL_COUNT; kd++)
    if (!sim.model.have[kd])
      snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%s",
               missing[0] ? ", " : "; WARNING: no MODEL for ", rma_kmodel_name(kd));
  if (missing[0])
    snprintf(missing + strlen(missing), sizeof missing - strlen(missing),
             " in this file: timed by SMPI as host code");
  if (sim.state == 1)
    snprintf(text, (size_t)len, "MODEL kernel times from %s (%s)%s%s%s%s", sim.path,
             sim.model.machine, threads,
             sim.scale != 1.0 ? ", scaled by RMALA_SIM_KERNEL_SCALE" : "",
             sim.compute ? "" : ", arithmetic skipped", missing);
  else if (sim.state == 2)
    snprintf(text, (size_t)len, "real BLAS, timed by SMPI on this machine (RMALA_SIM_MODEL=none)");
  else if (sim.state == -2)
    snprintf(text, (size_t)len, "threaded-kernel MODEL fits '%s' unreadable or incomplete",
             sim.fits);
  else
    snprintf(text, (size_t)len, "kernel time model %s unreadable or incomplete", sim.path);
  return sim.state < 0 ? -1 : 0;
}
#else
int rma_kernel_sim_describe(char *text, int len) {
  snprintf(text, (size_t)len, "real kernels (not simulated)");
  return 0;
}

double rma_kernel_sim_time(rma_kmodel_kind_t kind, int m, int n, int k) {
  return (void)kind, (void)m, (void)n, (void)k, 0.0;
}

int rma_kernel_sim_threads(void) { return 1; }
#endif
