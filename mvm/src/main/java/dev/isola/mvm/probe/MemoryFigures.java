package dev.isola.mvm.probe;

/**
 * Resident memory of a process or of part of it, in bytes, as {@code /proc/<pid>/smaps}
 * counts it.
 *
 * <p>{@link #pss()} (proportional set size) charges each page to every process mapping it in
 * equal parts, so the PSS of several processes adds up to the memory they really use
 * together; that is the figure to compare isolates with separate JVMs by. {@link #rss()}
 * counts every resident page in full, shared or not. A page is shared when more than one
 * process maps it, private otherwise; {@code shared + private = rss}.
 */
public record MemoryFigures(long rss, long pss, long sharedClean, long sharedDirty, long privateClean, long privateDirty,
                            long swap) {

    public static final MemoryFigures ZERO = new MemoryFigures(0, 0, 0, 0, 0, 0, 0);

    /** Resident pages that other processes map too. */
    public long shared() {
        return sharedClean + sharedDirty;
    }

    /** Resident pages only this process maps. */
    public long privateBytes() {
        return privateClean + privateDirty;
    }

    public MemoryFigures plus(MemoryFigures other) {
        return new MemoryFigures(rss + other.rss, pss + other.pss, sharedClean + other.sharedClean, sharedDirty + other.sharedDirty,
                privateClean + other.privateClean, privateDirty + other.privateDirty, swap + other.swap);
    }

    /** These figures scaled by {@code fraction}, for the part of a mapping that lies in a region. */
    MemoryFigures times(double fraction) {
        return new MemoryFigures(Math.round(rss * fraction), Math.round(pss * fraction), Math.round(sharedClean * fraction),
                Math.round(sharedDirty * fraction), Math.round(privateClean * fraction), Math.round(privateDirty * fraction),
                Math.round(swap * fraction));
    }
}
