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
 * complete. The format (version 1), one record a line, fields separated by
 * one space, each field KEY=VALUE with no space inside:
 *
 *     pram-grind 1                       first line of the file
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
 * The plugin says it is not thread-safe, so Oclgrind runs one work-group at
 * a time; without PRAM_GRIND_OUT it records nothing and says so once.
 */

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
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
			 " groups=" + size3(inv->getNumGroups()) + "\n";
		m_groups = 0;
		m_work = 0;
		m_depth = 0;
	}

	void kernelEnd(const oclgrind::KernelInvocation *inv) override
	{
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
		oclgrind::Size3 ls = wg->getGroupSize();
		m_size = ls;
		m_acc.assign(ls.x * ls.y * ls.z, 0);
		name_local_arrays(wg);
	}

	void workGroupBarrier(const oclgrind::WorkGroup *wg, uint32_t flags) override
	{
		if (wg == m_wg)
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
		if (m_wg && wi->getWorkGroup() == m_wg)
			m_cur.instructions++;
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

	void memoryAtomicStore(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi,
			       oclgrind::AtomicOp op, size_t address, size_t size) override
	{
		access(mem, wi, address, size, true);
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

	void access(const oclgrind::Memory *mem, const oclgrind::WorkItem *wi, size_t address,
		    size_t size, bool write)
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
			block = "pram-grind 1\n" + block;
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
