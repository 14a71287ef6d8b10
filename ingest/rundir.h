/* rundir.h - what a run directory's meta.json says of the outputs read in
 * it: which it planned, and the host of every record. */
#ifndef EB_RUNDIR_H
#define EB_RUNDIR_H

#include "ingest.h"

/* Whether meta.json planned the output at rel (relative to the run root):
 * one of its "expected" outputs, or the sampler's file of one (the same
 * name up to the first dot); without that list, its repetition within
 * runner.reps, its mode folder in runner.modes and its tool in
 * runner.tests. EB_OK, or a located error at path naming the plan. */
enum eb_status eb_rundir_planned(const struct eb_table *t, size_t index, const char *rel,
    const char *path, struct eb_err *err);
/* Gives records [first, t->n) meta.json's host: a host the output names
 * (bonnie++ prints one) that differs is replaced, with a warning at path
 * naming both. */
void eb_rundir_host(struct eb_table *t, size_t index, size_t first, const char *path,
    struct eb_diag *diag);

/* Whether s is an op a record may have (a run folder's file name or
 * --set names one), and their list for messages. */
int eb_op_known(const char *s);
const char *eb_op_names(void);

#endif
