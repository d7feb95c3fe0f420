/*
 * pram_plugin.cpp - an Oclgrind plugin that records the PRAM view of a
 * kernel: each work-group's barrier intervals as PRAM steps, with the work,
 * the reads and writes and the kind of local-memory sharing of each.
 *
 * Load it with
 *
 *     PRAM_GRIND_OUT=run.grind oclgrind --plugins .../pram_plugin.so HOST ARGS
 *
 * A step is an interval of one work-group between two of its barriers (the
 * first from the start, the last to the end), so a work-group that passes b
 * barriers runs b + 1 steps. Every access is charged, as the simulator
 * charges it (pram.h): a work-item that makes a global, constant or local
 * memory accesses in a step (private memory does not count) is charged
 * ceil(a / K) units, K = PRAM_STEP_ACCESSES; the work of the step is the
 * sum of its work-items' charges, its time the largest (at least 1), the
 * work of a group the sum over its steps and its depth the sum of their
 * times. So a work-item that sums its group's block in a loop between two
 * barriers costs L / K, not 1. Reads and writes count every access (an
 * atomic is a read and a write of its cell, as in the simulator). The class of a step says how its
 * work-items shared local memory, byte by byte, as the simulator's models
 * do: EREW when no byte was read by two work-items and none written by two,
 * CREW when some byte was read by two or more and none written by two, CRCW
 * when some byte was written by two or more (two atomics on one cell
 * included). A read and a write of one byte by two work-items in one step
 * is legal in every PRAM model and does not change the class (on a GPU it
 * is a race, which Oclgrind's own --data-races reports). A group's class is
 * the highest of its steps'. With the class comes the first access that
 * made it: its source line (from the kernel's debug information, which
 * Oclgrind always generates; its compiler refuses -g itself; 0 when there
 * is none), the local array (a local kernel argument
 * or a local variable of the kernel), the element index (the byte offset in
 * the array over the access's size) and the local ids of the two work-items.
 *
 * The file named by the environment variable PRAM_GRIND_OUT gets one block
 * per kernel launch, appended at the launch's end in one write and flushed,
 * so a run killed in the middle of a launch leaves every finished launch
 * complete. The format (version 2), one record a line, fields separated by
 * one space, each field KEY=VALUE with no space inside:
 *
 *     pram-grind 2                       first line of the file
 *     launch kernel=NAME dim=D global=X,Y,Z local=X,Y,Z groups=X,Y,Z
 *     group id=X,Y,Z steps=S work=W reads=R writes=W instructions=I
 *           class=C line=N array=A index=K items=P,Q depth=T accesses=M
 *     step n=K work=W reads=R writes=W instructions=I
 *           class=C line=N array=A index=K items=P,Q time=T accesses=M
 *     end groups=G work=W depth=D
 *
 * (group and step are each one line.) Every group line is followed by its S
 * step lines, n = 1 .. S. C is EREW, CREW or CRCW; for EREW, line=0,
 * array=-, index=-1 and items=-1,-1. instructions counts the LLVM
 * instructions the group's work-items executed. The end line closes the
 * launch: G group lines, W their work summed, D their largest depth. A
 * step's accesses M are the most of one work-item in it, a group's the
 * most of its steps'; its time T the largest charge. Groups
 * appear in the order Oclgrind ran them: all of them, or the first and
 * last under --quick, or those that finished before a fatal error. Readers
 * ignore fields they do not know, so later versions may add some.
 * check/grindview.h reads this format.
 *
 * Version 2 adds what a GPU would make of the same accesses. A GPU runs a
 * work-group's work-items in sub-groups of S consecutive local ids (S = 32
 * by default; PRAM_GRIND_SUBGROUP sets it), in lockstep, so the k-th
 * execution of one memory instruction by the work-items of one sub-group in
 * one barrier interval is one request (an atomic is one, not a read and a
 * write). A request to global memory moves every sector of B bytes
 * (PRAM_GRIND_SECTOR_BYTES, 32) that its bytes touch; one to local memory
 * takes as many turns as the most distinct words of W bytes
 * (PRAM_GRIND_BANK_BYTES, 4) that fall in one of its N banks
 * (PRAM_GRIND_BANKS, 32): its bank-conflict degree, 1 when conflict-free
 * (work-items reading one word share it). Constant and private memory are
 * left out. The launch line gains subgroup=S banks=N bankbytes=W
 * sectorbytes=B, and after the groups, before the end line, come
 *
 *     memory line=N space=S step=K array=A requests=R transactions=T
 *            least=M worst=X stride=D size=Z
 *     branch line=N step=K requests=R divergent=V
 *     barrier line=N count=C
 *
 * (memory is one line), summed over the launch's groups, one record per
 * source line, space (global or local) and step number K (the barrier
 * interval). T is the requests' sectors (global) or turns (local), M the
 * fewest they could have been had the same bytes been packed (a sector per
 * B bytes, a turn per N words), X the most of one request (its degree, in
 * local memory) and D and Z the distance in elements between neighbouring
 * work-items and the access size in bytes in the first request that took
 * X; A names the array (a kernel argument or a local variable; - when
 * unknown). A branch record counts the sub-groups' executions of the
 * conditional branches at a line and those where some work-items went one
 * way and some the other (divergent). A barrier record counts the
 * work-group barriers at a line, summed over the groups. A group that a
 * fatal error cut short is left out of the group records but not of these:
 * the barrier intervals it finished are counted. PRAM_GRIND_GPU=0 leaves
 * the GPU's view out: no memory, branch or barrier records, and a launch
 * line without the four GPU fields, as in version 1, so that a reader
 * knows the view was not recorded (pram check then says the accesses were
 * not checked, rather than finding nothing wrong with them). It saves the
 * time the requests take, a run that needs only the PRAM view
 * (PRAM_GRIND_GPU=1, or unset, keeps them).
 *
 * The plugin says it is not thread-safe, so Oclgrind runs one work-group at
 * a time; without PRAM_GRIND_OUT it records nothing and says so once, and
 * with a parameter that is not a whole number in range it records nothing
 * and says which.
 */

#include <cerrno>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "pram.h" /* PRAM_STEP_ACCESSES */

#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/IR/Argument.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Type.h>
#include <llvm/IR/Value.h>

namespace
{

enum Class {
	EREW,
	CREW,
	CRCW
};

const char *class_name(Class c)
{
	return c == CRCW ? "CRCW" : c == CREW ? "CREW" : "EREW";
}

/* The first access that made a step's (or a group's) class. */
struct Conflict {
	unsigned line = 0;
	std::string array = "-";
	long long index = -1;
	long long item[2] = {-1, -1}; /* the earlier work-item, the later one */
};

struct Step {
	unsigned long long work = 0, reads = 0, writes = 0, instructions = 0;
	unsigned long long time = 1, accesses = 0; /* a group: its depth, its most */
	Class cls = EREW;
	Conflict first;
};

/* Who read and who wrote one byte of local memory in the current step. */
struct Cell {
	long long reader = -1, writer = -1;   /* the first of each */
	bool reads2 = false, writes2 = false; /* a second one seen */
};

/* The GPU the requests are counted for (the header comment). */
struct Gpu {
	unsigned subgroup = 32, banks = 32, bank_bytes = 4, sector = 32;
};

/* One access of a request: where, how many bytes, by which lane. */
struct Access {
	size_t address, offset; /* Oclgrind's address, and the offset in its buffer */
	unsigned size, lane;
};

/* The accesses of one sub-group at one execution of one memory instruction. */
struct Request {
	unsigned line = 0;
	bool local = false;
	size_t buffer = 0;
	std::vector<Access> acc;
};

/* A request's or a branch's identity in a barrier interval: the
 * instruction, the sub-group, and which execution of it by each work-item. */
struct Key {
	const llvm::Instruction *inst;
	size_t subgroup;
	unsigned k;
	bool operator==(const Key &o) const
	{
		return inst == o.inst && subgroup == o.subgroup && k == o.k;
	}
};

struct KeyHash {
	size_t operator()(const Key &k) const
	{
		size_t h = std::hash<const void *>()(k.inst);
		h ^= (k.subgroup * 0x9e3779b97f4a7c15ull) + (h << 6) + (h >> 2);
		return h ^ ((size_t)k.k * 0xc2b2ae3d27d4eb4full);
	}
};

/* A branch's executions by one sub-group: the line, and the ways taken
 * (1: taken, 2: not taken, 3: both, which is divergence). */
struct Branch {
	unsigned line = 0, ways = 0;
};

/* The requests of one line, space and step, summed over the groups. */
struct LineCounts {
	/* least: the sum of each request's fewest sectors or bank turns; but
	 * the global requests of one work-item alone count by their bytes
	 * together (bytes), packed, so that one work-item reading word after
	 * word, each request a sector of its own, costs what it does */
	unsigned long long requests = 0, transactions = 0, least = 0, worst = 0, bytes = 0;
	long long stride = 0;
	unsigned size = 0;
	std::string array = "-";
};

struct BranchCounts {
	unsigned long long requests = 0, divergent = 0;
};

/* (line, space: 0 global, 1 local, step) */
typedef std::tuple<unsigned, int, size_t> LineKey;

std::string size3(const oclgrind::Size3 &s)
{
	return std::to_string(s.x) + "," + std::to_string(s.y) + "," + std::to_string(s.z);
}

std::string fields(const Step &s, const char *time)
{
	return "work=" + std::to_string(s.work) + " reads=" + std::to_string(s.reads) +
	       " writes=" + std::to_string(s.writes) +
	       " instructions=" + std::to_string(s.instructions) + " class=" + class_name(s.cls) +
	       " line=" + std::to_string(s.first.line) + " array=" + s.first.array +
	       " index=" + std::to_string(s.first.index) +
	       " items=" + std::to_string(s.first.item[0]) + "," + std::to_string(s.first.item[1]) +
	       " " + time + "=" + std::to_string(s.time) +
	       " accesses=" + std::to_string(s.accesses);
}

/* The source line of an instruction, 0 without debug information. */
unsigned line_of(const llvm::Instruction *inst)
{
	if (!inst)
		return 0;
	const llvm::DebugLoc &loc = inst->getDebugLoc();
	const llvm::DILocation *di = loc.get();
	return di ? di->getLine() : 0;
}

/* The source line of a memory access: its own, else (clang gives none to
 * the store of a compound assignment or after a ?:) that of the nearest
 * instruction before it in its block that has one, else that of the
 * address it uses. */
unsigned access_line(const llvm::Instruction *inst)
{
	unsigned line = line_of(inst);
	if (line || !inst)
		return line;
	for (const llvm::Instruction *p = inst->getPrevNode(); p && !line; p = p->getPrevNode())
		line = line_of(p);
	if (line)
		return line;
	const llvm::Value *ptr = nullptr;
	if (const auto *st = llvm::dyn_cast<llvm::StoreInst>(inst))
		ptr = st->getPointerOperand();
	else if (const auto *ld = llvm::dyn_cast<llvm::LoadInst>(inst))
		ptr = ld->getPointerOperand();
	const auto *at = llvm::dyn_cast_or_null<llvm::Instruction>(ptr);
	return at ? line_of(at) : 0;
}

/* A name with no space or '=' in it, so that it stays one field. */
std::string field_safe(std::string s)
{
	if (s.empty())
		return "-";
	for (char &c : s)
		if (c == ' ' || c == '=' || c == '\t' || c == '\n')
			c = '_';
	return s;
}

class PramGrind : public oclgrind::Plugin
{
      public:
	explicit PramGrind(const oclgrind::Context *context) : oclgrind::Plugin(context)
	{
		const char *out = getenv("PRAM_GRIND_OUT");
		if (out && *out)
			m_path = out;
		else
			fprintf(stderr,
				"pram_plugin: PRAM_GRIND_OUT is not set; recording nothing\n");
		if (!parameter("PRAM_GRIND_SUBGROUP", 1024, m_gpu.subgroup) ||
		    !parameter("PRAM_GRIND_BANKS", 1024, m_gpu.banks) ||
		    !parameter("PRAM_GRIND_BANK_BYTES", 256, m_gpu.bank_bytes) ||
		    !parameter("PRAM_GRIND_SECTOR_BYTES", 4096, m_gpu.sector) ||
		    !switched("PRAM_GRIND_GPU", m_gpu_on))
			m_path.clear();
	}

	bool isThreadSafe() const override
	{
		return false;
	}

	void kernelBegin(const oclgrind::KernelInvocation *inv) override
	{
		m_inv = inv;
		m_wg = nullptr;
		m_text = "launch kernel=" + field_safe(inv->getKernel()->getName()) +
			 " dim=" + std::to_string(inv->getWorkDim()) +
			 " global=" + size3(inv->getGlobalSize()) +
			 " local=" + size3(inv->getLocalSize()) +
			 " groups=" + size3(inv->getNumGroups());
		if (m_gpu_on)
			m_text += " subgroup=" + std::to_string(m_gpu.subgroup) +
				  " banks=" + std::to_string(m_gpu.banks) +
				  " bankbytes=" + std::to_string(m_gpu.bank_bytes) +
				  " sectorbytes=" + std::to_string(m_gpu.sector);
		m_text += "\n";
		m_lines.clear();
		m_branch_lines.clear();
		m_barrier_lines.clear();
		name_global_arrays(inv);
		m_groups = 0;
		m_work = 0;
		m_depth = 0;
	}

	void kernelEnd(const oclgrind::KernelInvocation *inv) override
	{
		write_gpu_counts();
		m_text += "end groups=" + std::to_string(m_groups) +
			  " work=" + std::to_string(m_work) + " depth=" + std::to_string(m_depth) +
			  "\n";
		write_launch();
		m_text.clear();
		m_inv = nullptr;
		m_wg = nullptr; /* a group a fatal error cut short is not recorded */
	}

	void workGroupBegin(const oclgrind::WorkGroup *wg) override
	{
		m_wg = wg;
		m_steps.clear();
		m_cur = Step();
		m_cells.clear();
		clear_interval();
		oclgrind::Size3 ls = wg->getGroupSize();
		m_size = ls;
		m_acc.assign(ls.x * ls.y * ls.z, 0);
		name_local_arrays(wg);
	}

	void workGroupBarrier(const oclgrind::WorkGroup *wg, uint32_t flags) override
	{
		if (wg != m_wg)
			return;
		if (m_gpu_on)
			m_barrier_lines[m_barrier_line]++;
		close_step();
	}

	void workGroupComplete(const oclgrind::WorkGroup *wg) override
	{
		if (wg != m_wg)
			return;
		close_step();
		Step total;
		total.time = 0;
		for (const Step &s : m_steps) {
			total.time += s.time;
			if (s.accesses > total.accesses)
				total.accesses = s.accesses;
			total.work += s.work;
			total.reads += s.reads;
			total.writes += s.writes;
			total.instructions += s.instructions;
			if (s.cls > total.cls) {
				total.cls = s.cls;
				total.first = s.first;
			}
		}
		m_text += "group id=" + size3(wg->getGroupID()) +
			  " steps=" + std::to_string(m_steps.size()) + " " + fields(total, "depth") +
			  "\n";
		for (size_t k = 0; k < m_steps.size(); k++)
			m_text += "step n=" + std::to_string(k + 1) + " " +
				  fields(m_steps[k], "time") + "\n";
		m_groups++;
		m_work += total.work;
		if (total.time > m_depth)
			m_depth = total.time;
		m_wg = nullptr;
	}

	void instructionExecuted(const oclgrind::WorkItem *wi, const llvm::Instruction *inst,
				 const oclgrind::TypedValue &result) override
	{
		if (!m_wg || wi->getWorkGroup() != m_wg)
			return;
		m_cur.instructions++;
		unsigned op = inst->getOpcode();
		if (op == llvm::Instruction::Br && m_gpu_on)
			branch(wi, llvm::cast<llvm::BranchInst>(inst));
		else if (op == llvm::Instruction::Call) {
			const llvm::Function *f =
			    llvm::cast<llvm::CallInst>(inst)->getCalledFunction();
			if (f && f->getName().find("barrier") != llvm::StringRef::npos)
				m_barrier_line = line_of(inst);
		}
	}

	void memoryLoad(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi, size_t address,
			size_t size) override
	{
		access(mem, wi, address, size, false);
	}

	void memoryStore(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi, size_t address,
			 size_t size, const uint8_t *data) override
	{
		access(mem, wi, address, size, true);
	}

	void memoryAtomicLoad(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi,
			      oclgrind::AtomicOp op, size_t address, size_t size) override
	{
		access(mem, wi, address, size, false);
	}

	/* An atomic's request is counted at its load. */
	void memoryAtomicStore(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi,
			       oclgrind::AtomicOp op, size_t address, size_t size) override
	{
		access(mem, wi, address, size, true, false);
	}

	/* The work-group's own accesses: async copies, done at a barrier. They
	 * count as reads and writes of the step they end, with no work-item. */
	void memoryLoad(const oclgrind::Memory *mem, const oclgrind::WorkGroup *wg, size_t address,
			size_t size) override
	{
		if (wg == m_wg && mem->getAddressSpace() != oclgrind::AddrSpacePrivate)
			m_cur.reads++;
	}

	void memoryStore(const oclgrind::Memory *mem, const oclgrind::WorkGroup *wg, size_t address,
			 size_t size, const uint8_t *data) override
	{
		if (wg == m_wg && mem->getAddressSpace() != oclgrind::AddrSpacePrivate)
			m_cur.writes++;
	}

      private:
	std::string m_path;
	const oclgrind::KernelInvocation *m_inv = nullptr;
	const oclgrind::WorkGroup *m_wg = nullptr; /* the group being recorded */
	oclgrind::Size3 m_size;
	std::string m_text; /* the launch's block so far */
	size_t m_groups = 0;
	unsigned long long m_depth = 0;
	unsigned long long m_work = 0;

	std::vector<Step> m_steps; /* the group's finished steps */
	Step m_cur;                /* the step running */
	/* Each work-item's accesses in the current step. */
	std::vector<unsigned long long> m_acc;
	std::unordered_map<size_t, Cell> m_cells; /* local bytes touched this step */
	/* Local buffer number -> the array's name. */
	std::unordered_map<size_t, std::string> m_arrays;
	/* Global buffer number -> the kernel argument's name. */
	std::unordered_map<size_t, std::string> m_globals;

	/* The GPU's view: the parameters, the current interval's requests
	 * and branches, how often each work-item ran each instruction in it,
	 * and the launch's counts by line. */
	Gpu m_gpu;
	bool m_gpu_on = true; /* PRAM_GRIND_GPU: record the GPU's view at all */
	std::unordered_map<Key, size_t, KeyHash> m_req_of; /* -> index in m_reqs */
	std::vector<Request> m_reqs; /* m_nreq used; the rest kept for their storage */
	size_t m_nreq = 0;
	std::unordered_map<Key, Branch, KeyHash> m_branches;
	std::unordered_map<Key, unsigned, KeyHash> m_runs; /* (inst, item, 0) -> times run */
	unsigned m_barrier_line = 0;                        /* of the last barrier called */
	std::map<LineKey, LineCounts> m_lines;
	std::map<std::pair<unsigned, size_t>, BranchCounts> m_branch_lines;
	std::map<unsigned, unsigned long long> m_barrier_lines;

	/* The value of the parameter the environment variable name sets, in
	 * v; false, having said why, when it is not a whole number from 1 to
	 * most. */
	static bool parameter(const char *name, unsigned most, unsigned &v)
	{
		const char *s = getenv(name);
		if (!s || !*s)
			return true;
		char *end;
		errno = 0;
		unsigned long u = strtoul(s, &end, 10);
		if (*s < '0' || *s > '9' || errno || *end || u < 1 || u > most) {
			fprintf(stderr,
				"pram_plugin: %s=%s is not a whole number from 1 to %u; recording "
				"nothing\n",
				name, s, most);
			return false;
		}
		v = (unsigned)u;
		return true;
	}

	/* The switch the environment variable name sets, in on: 0 off, 1
	 * on, unset as it was; false, having said why, for anything else. */
	static bool switched(const char *name, bool &on)
	{
		const char *s = getenv(name);
		if (!s || !*s)
			return true;
		if (strcmp(s, "0") == 0 || strcmp(s, "1") == 0) {
			on = *s == '1';
			return true;
		}
		fprintf(stderr, "pram_plugin: %s=%s is neither 0 nor 1; recording nothing\n", name,
			s);
		return false;
	}

	/* How many times work-item item ran inst before, in this interval. */
	unsigned run_count(const llvm::Instruction *inst, size_t item)
	{
		return m_runs[Key{inst, item, 0}]++;
	}

	void clear_interval()
	{
		m_req_of.clear();
		for (size_t k = 0; k < m_nreq; k++)
			m_reqs[k].acc.clear();
		m_nreq = 0;
		m_branches.clear();
		m_runs.clear();
	}

	/* A conditional branch of wi: which way its sub-group's work-items went. */
	void branch(const oclgrind::WorkItem *wi, const llvm::BranchInst *br)
	{
		if (!br->isConditional())
			return;
		size_t item = item_of(wi);
		bool taken = wi->getOperand(br->getCondition()).getUInt() != 0;
		Branch &b = m_branches[Key{br, item / m_gpu.subgroup, run_count(br, item)}];
		if (!b.ways)
			b.line = line_of(br);
		b.ways |= taken ? 1 : 2;
	}

	/* An access of wi to global or local memory, into its request. */
	void request(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi, size_t item,
		     size_t address, size_t size, bool local)
	{
		const llvm::Instruction *inst = wi->getCurrentInstruction();
		Key key{inst, item / m_gpu.subgroup, run_count(inst, item)};
		auto found = m_req_of.find(key);
		size_t r;
		if (found != m_req_of.end()) {
			r = found->second;
		} else {
			r = m_nreq++;
			if (r == m_reqs.size())
				m_reqs.emplace_back();
			m_reqs[r].line = access_line(inst);
			m_reqs[r].local = local;
			m_reqs[r].buffer = mem->extractBuffer(address);
			m_req_of.emplace(key, r);
		}
		m_reqs[r].acc.push_back(Access{address, mem->extractOffset(address),
					       (unsigned)size, (unsigned)(item % m_gpu.subgroup)});
	}

	/* A request's transactions (sectors, or turns of the banks) and the
	 * fewest that its bytes could have taken; bytes, the distinct bytes of
	 * a global request. */
	void cost(const Request &q, unsigned long long &t, unsigned long long &least,
		  unsigned long long &bytes) const
	{
		/* a unit (a sector, a word) as its buffer's base plus its number */
		unsigned unit = q.local ? m_gpu.bank_bytes : m_gpu.sector;
		std::vector<std::pair<size_t, size_t>> units; /* (bank or 0, unit) */
		for (const Access &a : q.acc) {
			size_t base = a.address - a.offset;
			size_t last = a.offset + (a.size ? a.size - 1 : 0);
			for (size_t u = a.offset / unit; u <= last / unit; u++)
				units.emplace_back(q.local ? u % m_gpu.banks : 0, base + u);
		}
		std::sort(units.begin(), units.end());
		units.erase(std::unique(units.begin(), units.end()), units.end());
		if (!q.local) {
			/* the bytes, as ranges merged */
			std::vector<std::pair<size_t, size_t>> ranges;
			for (const Access &a : q.acc)
				ranges.emplace_back(a.address, a.address + a.size);
			std::sort(ranges.begin(), ranges.end());
			unsigned long long n = 0;
			size_t end = 0;
			for (const auto &b : ranges) {
				size_t from = b.first > end ? b.first : end;
				if (b.second > from)
					n += b.second - from;
				if (b.second > end)
					end = b.second;
			}
			t = units.size();
			least = (n + unit - 1) / unit;
			bytes = n;
			return;
		}
		unsigned long long most = 0, run = 0;
		for (size_t k = 0; k < units.size(); k++) {
			run = k && units[k].first == units[k - 1].first ? run + 1 : 1;
			if (run > most)
				most = run;
		}
		t = most;
		least = (units.size() + m_gpu.banks - 1) / m_gpu.banks;
	}

	/* The distance in elements between the first two work-items of q. */
	static long long stride(const Request &q)
	{
		const Access *a = nullptr, *b = nullptr;
		for (const Access &x : q.acc)
			if (!a || x.lane < a->lane)
				a = &x;
		for (const Access &x : q.acc)
			if (a && x.lane > a->lane && (!b || x.lane < b->lane))
				b = &x;
		if (!a || !b || b->lane == a->lane || !a->size)
			return 0;
		long long d = (long long)(b->address - a->address);
		return d / (long long)(b->lane - a->lane) / (long long)a->size;
	}

	/* Fold the interval's requests and branches into the launch's counts
	 * for step n. */
	void fold_interval(size_t n)
	{
		for (size_t k = 0; k < m_nreq; k++) {
			const Request &q = m_reqs[k];
			unsigned long long t = 0, least = 0, bytes = 0;
			cost(q, t, least, bytes);
			LineCounts &c = m_lines[LineKey(q.line, q.local ? 1 : 0, n)];
			c.requests++;
			c.transactions += t;
			/* a request of one work-item alone (a loop of one work-item,
			 * or a write by the first of a group) could share its
			 * sectors with the others of the line: their bytes packed */
			std::set<unsigned> lanes;
			for (const Access &a : q.acc)
				lanes.insert(a.lane);
			if (q.local || lanes.size() > 1)
				c.least += least;
			else
				c.bytes += bytes;
			if (t > c.worst) {
				c.worst = t;
				c.stride = stride(q);
				c.size = q.acc.empty() ? 0 : q.acc[0].size;
				const auto &names = q.local ? m_arrays : m_globals;
				auto name = names.find(q.buffer);
				c.array = name != names.end() ? name->second : "-";
			}
		}
		for (const auto &b : m_branches) {
			BranchCounts &c = m_branch_lines[std::make_pair(b.second.line, n)];
			c.requests++;
			if (b.second.ways == 3)
				c.divergent++;
		}
		clear_interval();
	}

	/* The launch's GPU counts, as records, onto its block. */
	void write_gpu_counts()
	{
		for (const auto &l : m_lines) {
			const LineCounts &c = l.second;
			m_text += "memory line=" + std::to_string(std::get<0>(l.first)) +
				  " space=" + (std::get<1>(l.first) ? "local" : "global") +
				  " step=" + std::to_string(std::get<2>(l.first)) +
				  " array=" + c.array + " requests=" + std::to_string(c.requests) +
				  " transactions=" + std::to_string(c.transactions) +
				  " least=" +
				  std::to_string(c.least + (c.bytes + m_gpu.sector - 1) / m_gpu.sector) +
				  " worst=" + std::to_string(c.worst) +
				  " stride=" + std::to_string(c.stride) +
				  " size=" + std::to_string(c.size) + "\n";
		}
		for (const auto &b : m_branch_lines)
			m_text += "branch line=" + std::to_string(b.first.first) +
				  " step=" + std::to_string(b.first.second) +
				  " requests=" + std::to_string(b.second.requests) +
				  " divergent=" + std::to_string(b.second.divergent) + "\n";
		for (const auto &b : m_barrier_lines)
			m_text += "barrier line=" + std::to_string(b.first) +
				  " count=" + std::to_string(b.second) + "\n";
	}

	/* Name the launch's global buffers by the kernel arguments that
	 * point into them. */
	void name_global_arrays(const oclgrind::KernelInvocation *inv)
	{
		m_globals.clear();
		const oclgrind::Kernel *kernel = inv->getKernel();
		const oclgrind::Memory *global = m_context->getGlobalMemory();
		for (auto v = kernel->values_begin(); v != kernel->values_end(); ++v) {
			const llvm::Argument *arg = llvm::dyn_cast<llvm::Argument>(v->first);
			const llvm::Type *type = v->first->getType();
			if (!arg || !type->isPointerTy() ||
			    type->getPointerAddressSpace() != oclgrind::AddrSpaceGlobal)
				continue;
			unsigned k = arg->getArgNo();
			std::string name =
			    k < kernel->getNumArguments() ? kernel->getArgumentName(k).str() : "";
			if (name.empty())
				name = arg->getName().str();
			size_t address = v->second.getPointer();
			if (address)
				m_globals[global->extractBuffer(address)] = field_safe(name);
		}
	}

	/* Charge the step's work-items: ceil(a / K) each, for a accesses. */
	void close_step()
	{
		const unsigned long long K = PRAM_STEP_ACCESSES;
		for (unsigned long long &a : m_acc) {
			if (!a)
				continue;
			unsigned long long units = (a + K - 1) / K;
			m_cur.work += units;
			if (units > m_cur.time)
				m_cur.time = units;
			if (a > m_cur.accesses)
				m_cur.accesses = a;
			a = 0;
		}
		fold_interval(m_steps.size() + 1);
		m_steps.push_back(m_cur);
		m_cur = Step();
		m_cells.clear();
	}

	size_t item_of(const oclgrind::WorkItem *wi) const
	{
		oclgrind::Size3 l = wi->getLocalID();
		return l.x + (l.y + l.z * m_size.y) * m_size.x;
	}

	/* Name the group's local buffers: the local kernel arguments by their
	 * names in the source, the kernel's local variables by theirs (LLVM
	 * calls a kernel-scope "local int t[8]" of kernel k "k.t", and
	 * Oclgrind's copy of it "k.t.0"). */
	void name_local_arrays(const oclgrind::WorkGroup *wg)
	{
		m_arrays.clear();
		const oclgrind::Kernel *kernel = m_inv ? m_inv->getKernel() : nullptr;
		const oclgrind::Memory *local = wg->getLocalMemory();
		if (!kernel || !local)
			return;
		for (auto v = kernel->values_begin(); v != kernel->values_end(); ++v) {
			const llvm::Type *type = v->first->getType();
			if (!type->isPointerTy() ||
			    type->getPointerAddressSpace() != oclgrind::AddrSpaceLocal)
				continue;
			std::string name;
			if (const llvm::Argument *arg = llvm::dyn_cast<llvm::Argument>(v->first)) {
				unsigned k = arg->getArgNo();
				if (k < kernel->getNumArguments())
					name = kernel->getArgumentName(k).str();
				if (name.empty())
					name = arg->getName().str();
			} else {
				name = v->first->getName().str();
				std::string prefix = kernel->getName() + ".";
				if (name.compare(0, prefix.size(), prefix) == 0)
					name = name.substr(prefix.size());
				size_t dot = name.find_last_of('.');
				if (dot != std::string::npos && dot + 1 < name.size() &&
				    name.find_first_not_of("0123456789", dot + 1) ==
					std::string::npos)
					name.erase(dot);
			}
			size_t address = wg->getLocalMemoryAddress(v->first);
			m_arrays[local->extractBuffer(address)] = field_safe(name);
		}
	}

	void raise(Class cls, const oclgrind::WorkItem *wi, const oclgrind::Memory *mem,
		   size_t address, size_t size, long long other, long long self)
	{
		if (cls <= m_cur.cls)
			return;
		m_cur.cls = cls;
		Conflict &c = m_cur.first;
		c.line = line_of(wi->getCurrentInstruction());
		auto name = m_arrays.find(mem->extractBuffer(address));
		c.array = name != m_arrays.end() ? name->second : "local";
		c.index = (long long)(mem->extractOffset(address) / (size ? size : 1));
		c.item[0] = other;
		c.item[1] = self;
	}

	/* printf reads its format string and arguments a byte at a time: the
	 * kernel's output, not its work, so printing costs no step. */
	static bool in_printf(const oclgrind::WorkItem *wi)
	{
		const auto *call =
		    llvm::dyn_cast_or_null<llvm::CallInst>(wi->getCurrentInstruction());
		const llvm::Function *f = call ? call->getCalledFunction() : nullptr;
		return f && f->getName() == "printf";
	}

	/* An access of wi; counted also in a request unless it is the store of
	 * an atomic (whose load was). */
	void access(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi, size_t address,
		    size_t size, bool write, bool counted = true)
	{
		unsigned space = mem->getAddressSpace();
		if (!m_wg || !wi || wi->getWorkGroup() != m_wg ||
		    space == oclgrind::AddrSpacePrivate || in_printf(wi))
			return;
		size_t item = item_of(wi);
		if (item < m_acc.size())
			m_acc[item]++;
		if (write)
			m_cur.writes++;
		else
			m_cur.reads++;
		if (counted && m_gpu_on &&
		    (space == oclgrind::AddrSpaceGlobal || space == oclgrind::AddrSpaceLocal))
			request(mem, wi, item, address, size, space == oclgrind::AddrSpaceLocal);
		if (space != oclgrind::AddrSpaceLocal)
			return;
		long long self = (long long)item;
		for (size_t b = 0; b < size; b++) {
			Cell &cell = m_cells[address + b];
			if (write) {
				if (cell.writer < 0) {
					cell.writer = self;
				} else if (cell.writer != self && !cell.writes2) {
					cell.writes2 = true;
					raise(CRCW, wi, mem, address, size, cell.writer, self);
				}
			} else {
				if (cell.reader < 0) {
					cell.reader = self;
				} else if (cell.reader != self && !cell.reads2) {
					cell.reads2 = true;
					raise(CREW, wi, mem, address, size, cell.reader, self);
				}
			}
		}
	}

	/* Append the launch's block to the output file in one write. */
	void write_launch()
	{
		if (m_path.empty())
			return;
		FILE *f = fopen(m_path.c_str(), "a");
		if (!f) {
			fprintf(stderr, "pram_plugin: cannot open %s (PRAM_GRIND_OUT): %s\n",
				m_path.c_str(), strerror(errno));
			return;
		}
		std::string block = m_text;
		if (fseek(f, 0, SEEK_END) == 0 && ftell(f) == 0)
			block = "pram-grind 2\n" + block;
		if (fwrite(block.data(), 1, block.size(), f) != block.size() || fflush(f) != 0)
			fprintf(stderr, "pram_plugin: cannot write %s (PRAM_GRIND_OUT): %s\n",
				m_path.c_str(), strerror(errno));
		fclose(f);
	}
};

/* One plugin per Oclgrind context (a program may create several). */
std::unordered_map<const oclgrind::Context *, PramGrind *> plugins;

} // namespace

extern "C" {

/* Oclgrind calls these two when it loads and unloads the library. */
void initializePlugins(oclgrind::Context *context)
{
	PramGrind *p = new PramGrind(context);
	plugins[context] = p;
	context->registerPlugin(p);
}

void releasePlugins(oclgrind::Context *context)
{
	auto it = plugins.find(context);
	if (it == plugins.end())
		return;
	context->unregisterPlugin(it->second);
	delete it->second;
	plugins.erase(it);
}
}
