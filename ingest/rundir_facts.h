/* rundir_facts.h - what a run's meta.json says of how it was measured:
 * what encrypts each mode's folder and where it lies, caches, the CPU. */
#ifndef EB_RUNDIR_FACTS_H
#define EB_RUNDIR_FACTS_H

#include <stddef.h>

#include "../core/eb.h"

/* The most mode folders of one run that are looked at; the runner
 * measures a handful. */
#define EB_FACT_TARGETS 32

/* runner.targets.MODE: a dir-backend run's folder of one mode. */
struct eb_target_fact {
	char key[128];			/* as meta.json names the mode */
	char mode[128];			/* as the records spell it */
	char path[256], fs[64], device[128];	/* "" when not said */
	int encryption;			/* 1 something encrypts it, 0 null
					 * (nothing found), -1 not said */
	char encryption_text[128];	/* what does: "zfs:aes-256-gcm" */
};

struct eb_run_facts {
	struct eb_target_fact t[EB_FACT_TARGETS];
	size_t nt;
	int drop_caches;		/* runner.drop_caches: 1, 0, -1 not said */
	int bonnie_cached;		/* runner.bonnie_reads_may_be_cached */
	int aesni;			/* AES-NI in use by meta.json: 1 yes, 0 no,
					 * -1 it cannot tell */
	char aesni_why[160];		/* the fields that say so */
	long cpus;			/* CPUs online, -1 not said */
	char cpus_why[96];		/* the field that says so */
	/* What a runner's meta.json leaves unsaid that a caveat needs (its
	 * absence is no evidence of the safe case): caches not said to be
	 * dropped in a dir run (whose folders nothing empties between
	 * tests), bonnie++'s memory not said, the mode folders of a dir run
	 * not recorded. Runs without a runner section say nothing of how
	 * they were taken, as data without meta.json. */
	int runner;			/* meta.json has a runner section */
	int drop_unsaid, bonnie_unsaid, targets_unsaid;
};

/* Reads the facts of a meta.json document (compact JSON text). */
void eb_run_facts_read(const char *json, struct eb_run_facts *f);
/* Whether any of the gaps above, or a recorded folder without its
 * encryption or file system, leaves a caveat in its unsure form. */
int eb_run_facts_has_gaps(const struct eb_run_facts *f);

/* The caveats in their unsure form of a claim on a record of mode by
 * tool (reads: whether the record's op reads the files it tests), where
 * names the run as the sentence needs (" in 24.04", or ""); sentences
 * without a capital or a full stop, as the caveats' list has them. */
#define EB_FACT_GAPS 4
struct eb_fact_gaps {
	char s[EB_FACT_GAPS][448];
	size_t n;
};
void eb_run_facts_gaps(const struct eb_run_facts *f, const char *mode, const char *tool,
    int reads, const char *where, struct eb_fact_gaps *g);

/* The folder of a mode as the records spell it, or NULL. */
const struct eb_target_fact *eb_run_facts_target(const struct eb_run_facts *f,
    const char *mode);

/* Whether two folders are on other storage: another file system type,
 * another ZFS pool, or another device where neither is dm-crypt's (whose
 * mapped device differs from the baseline's by its nature). */
int eb_target_other_storage(const struct eb_target_fact *a, const struct eb_target_fact *b);
/* Whether a mode's folder is encrypted by other than its name says: a
 * ZFS dataset of another mode ("zfs:aes-128-ccm" under aes-256-gcm), or
 * fscrypt under a name of ZFS's CCM and GCM modes. */
int eb_target_other_encryption(const struct eb_target_fact *t);

/* What a config label says of the runner's switches: AES-NI off (1), a
 * CPU count (cores > 0), or a label that is none of the runner's names but
 * speaks of AES-NI or CPUs in words encbench does not read ("unsure"), so
 * that it is named rather than taken at face value. */
struct eb_config_claim {
	int no_aesni, unsure_aesni, unsure_cores;
	long cores;
};
void eb_config_claims(const char *config, struct eb_config_claim *c);

/* The CPUs of a cpus_online list ("0-3,6"), or -1 when it is not one. */
long eb_cpu_list_count(const char *list);

/* The line of the first "key" in meta.json's text, after the first
 * "outer" when given (0 when not found), for messages. */
long eb_meta_member_line(const char *text, const char *outer, const char *key);

/* Warns at meta.json (path, its text body) of each fact that qualifies
 * its records: a mode folder nothing encrypts, an encrypted baseline
 * folder, a mode on another file system or device than the baseline,
 * reads that may come from the page cache, a config label the CPU facts
 * contradict. config is the run's label as the records have it. */
void eb_run_facts_warn(const char *path, const char *body, const char *json,
    const char *config, struct eb_diag *diag);

#endif
