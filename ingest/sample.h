/* sample.h - the sample files encbench-sample writes beside each test's
 * output (PREFIX.sample, see encbench-run(1)), read into CPU and energy records. */
#ifndef EB_SAMPLE_H
#define EB_SAMPLE_H

/* The tags of the source column (analyze/cost.h has the contract and
 * its one reader, eb_cost_source_tag; test_sample's results.csv round trip
 * holds the two together): the busiest thread's name on its cpu_top_thread
 * record, "PATH:LINE thread=z_wr_iss" (names are escaped by the sampler,
 * so they hold no space), and the CPUs the machine had online, on average
 * over the test, on its cpu_busy record, "PATH:LINE cpus=2". With it,
 * cpu_busy becomes CPU-seconds (cpu_busy / 100 x cpus x seconds) whatever
 * CPUs came and went, and whatever CPUs the test itself was allowed. */
#define EB_SAMPLE_THREAD_TAG " thread="
#define EB_SAMPLE_CPUS_TAG " cpus="

/* When threads were timed in clock ticks (thread_clock ticks: a kernel
 * without schedstat), tests shorter than this many ticks (0.1 s at 100 Hz)
 * give no cpu_top_thread: one tick more or less would move it by 10 %. */
#define EB_SAMPLE_MIN_TICKS 10
/* cpu_busy from /proc/stat needs a test of this many ticks (0.3 s at
 * 100 Hz): each CPU's busy and idle counters are read in whole ticks, so
 * a tick more or less moves the share by up to 1/30, 3.3 points. A
 * shorter test's cpu_busy comes from cpu_threads. */
#define EB_SAMPLE_BUSY_TICKS 30

#endif
