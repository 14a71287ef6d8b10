/* encbench-fscrypt.c - the few fscrypt ioctls encbench-run needs: add a raw
 * key from a file, set a v2 policy on an empty directory, remove the key. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fscrypt.h>

/* Neither e4crypt (v1 policies, passphrases only) nor Debian's fscrypt 0.3
 * (protectors, /etc/fscrypt.conf, metadata folders) takes raw key material
 * from a file without leaving state behind, hence these few lines. */

#define PROG "encbench-fscrypt"

static void usage(void)
{
	fprintf(stderr,
		"usage: " PROG " add-key MOUNTPOINT KEYFILE   (prints the key identifier)\n"
		"       " PROG " set-policy DIR IDENTIFIER aes-256-xts|adiantum\n"
		"       " PROG " remove-key MOUNTPOINT IDENTIFIER\n"
		"       " PROG " key-status MOUNTPOINT IDENTIFIER (prints absent, present or incomplete)\n");
	exit(64);
}

static int open_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, PROG ": %s: error: %s\n", path, strerror(errno));
		exit(74);
	}
	return fd;
}

/* One ioctl on the directory at path; on failure says "cannot WHAT" with
 * the reason and returns 1, the caller's exit status. */
static int dir_ioctl(const char *path, unsigned long request, void *arg, const char *what)
{
	int fd = open_dir(path);
	if (ioctl(fd, request, arg) != 0) {
		fprintf(stderr, PROG ": %s: error: cannot %s: %s\n", path, what, strerror(errno));
		close(fd);
		return 1;
	}
	close(fd);
	return 0;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void parse_identifier(const char *text, unsigned char *id)
{
	if (strlen(text) != 2 * FSCRYPT_KEY_IDENTIFIER_SIZE)
		goto bad;
	for (int i = 0; i < FSCRYPT_KEY_IDENTIFIER_SIZE; i++) {
		int hi = hex_value((unsigned char)text[2 * i]);
		int lo = hex_value((unsigned char)text[2 * i + 1]);
		if (hi < 0 || lo < 0)
			goto bad;
		id[i] = (unsigned char)(hi * 16 + lo);
	}
	return;
bad:
	fprintf(stderr, PROG ": error: '%s' is not a key identifier (32 lower-case hex digits)\n", text);
	exit(64);
}

static void key_spec(struct fscrypt_key_specifier *spec, const char *identifier)
{
	memset(spec, 0, sizeof *spec);
	spec->type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
	parse_identifier(identifier, spec->u.identifier);
}

/* The key file holds exactly FSCRYPT_MAX_KEY_SIZE raw bytes: AES-256-XTS
 * needs 64 bytes of master key, and a short read would silently weaken it. */
static int add_key(const char *mnt, const char *keyfile)
{
	size_t size = sizeof(struct fscrypt_add_key_arg) + FSCRYPT_MAX_KEY_SIZE;
	struct fscrypt_add_key_arg *arg = calloc(1, size);
	struct stat st;
	if (!arg) {
		fprintf(stderr, PROG ": error: out of memory\n");
		exit(70);
	}
	/* O_NONBLOCK: a FIFO planted at the name would block the open
	 * forever; it is refused below as no regular file. */
	int kfd = open(keyfile, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (kfd < 0 && errno == ELOOP) {
		fprintf(stderr, PROG ": %s: error: a key file is a regular file of exactly %d bytes, "
			"not a symbolic link\n", keyfile, FSCRYPT_MAX_KEY_SIZE);
		exit(65);
	}
	if (kfd < 0 || fstat(kfd, &st) != 0) {
		fprintf(stderr, PROG ": %s: error: %s\n", keyfile, strerror(errno));
		exit(74);
	}
	if (!S_ISREG(st.st_mode) || st.st_size != FSCRYPT_MAX_KEY_SIZE) {
		fprintf(stderr, PROG ": %s: error: a key file is a regular file of exactly %d bytes\n",
			keyfile, FSCRYPT_MAX_KEY_SIZE);
		exit(65);
	}
	size_t got = 0;
	while (got < FSCRYPT_MAX_KEY_SIZE) {
		ssize_t n = read(kfd, arg->raw + got, FSCRYPT_MAX_KEY_SIZE - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			fprintf(stderr, PROG ": %s: error: cannot read the key: %s\n", keyfile,
				n < 0 ? strerror(errno) : "file shrank");
			exit(74);
		}
		got += (size_t)n;
	}
	close(kfd);
	arg->key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
	arg->raw_size = FSCRYPT_MAX_KEY_SIZE;
	int failed = dir_ioctl(mnt, FS_IOC_ADD_ENCRYPTION_KEY, arg, "add the key");
	explicit_bzero(arg->raw, FSCRYPT_MAX_KEY_SIZE);
	if (failed)
		exit(1);
	for (int i = 0; i < FSCRYPT_KEY_IDENTIFIER_SIZE; i++)
		printf("%02x", arg->key_spec.u.identifier[i]);
	printf("\n");
	free(arg);
	return fflush(stdout) == 0 ? 0 : 74;
}

static int set_policy(const char *dir, const char *identifier, const char *mode)
{
	struct fscrypt_policy_v2 policy;
	memset(&policy, 0, sizeof policy);
	policy.version = FSCRYPT_POLICY_V2;
	if (strcmp(mode, "aes-256-xts") == 0) {
		policy.contents_encryption_mode = FSCRYPT_MODE_AES_256_XTS;
		policy.filenames_encryption_mode = FSCRYPT_MODE_AES_256_CTS;
		policy.flags = FSCRYPT_POLICY_FLAGS_PAD_32;
	} else if (strcmp(mode, "adiantum") == 0) {
		/* Adiantum takes its per-file nonce directly, which is what the
		 * kernel's documentation recommends for it. */
		policy.contents_encryption_mode = FSCRYPT_MODE_ADIANTUM;
		policy.filenames_encryption_mode = FSCRYPT_MODE_ADIANTUM;
		policy.flags = FSCRYPT_POLICY_FLAGS_PAD_32 | FSCRYPT_POLICY_FLAG_DIRECT_KEY;
	} else {
		fprintf(stderr, PROG ": error: unknown mode '%s' (aes-256-xts or adiantum)\n", mode);
		exit(64);
	}
	parse_identifier(identifier, policy.master_key_identifier);
	return dir_ioctl(dir, FS_IOC_SET_ENCRYPTION_POLICY, &policy, "set the policy");
}

static int remove_key(const char *mnt, const char *identifier)
{
	struct fscrypt_remove_key_arg arg;
	memset(&arg, 0, sizeof arg);
	key_spec(&arg.key_spec, identifier);
	if (dir_ioctl(mnt, FS_IOC_REMOVE_ENCRYPTION_KEY, &arg, "remove the key") != 0)
		return 1;
	if (arg.removal_status_flags & FSCRYPT_KEY_REMOVAL_STATUS_FLAG_FILES_BUSY) {
		fprintf(stderr, PROG ": %s: error: the key is removed but files that use it are still open\n", mnt);
		return 1;
	}
	return 0;
}

static int key_status(const char *mnt, const char *identifier)
{
	struct fscrypt_get_key_status_arg arg;
	memset(&arg, 0, sizeof arg);
	key_spec(&arg.key_spec, identifier);
	if (dir_ioctl(mnt, FS_IOC_GET_ENCRYPTION_KEY_STATUS, &arg, "read the key status") != 0)
		return 1;
	switch (arg.status) {
	case FSCRYPT_KEY_STATUS_ABSENT: puts("absent"); break;
	case FSCRYPT_KEY_STATUS_PRESENT: puts("present"); break;
	default: puts("incomplete"); break;
	}
	return fflush(stdout) == 0 ? 0 : 74;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "add-key") == 0)
		return add_key(argv[2], argv[3]);
	if (argc == 5 && strcmp(argv[1], "set-policy") == 0)
		return set_policy(argv[2], argv[3], argv[4]);
	if (argc == 4 && strcmp(argv[1], "remove-key") == 0)
		return remove_key(argv[2], argv[3]);
	if (argc == 4 && strcmp(argv[1], "key-status") == 0)
		return key_status(argv[2], argv[3]);
	usage();
	return 64;
}
