/**
 * One description for several versions of a node. n8n stores each node's typeVersion in the
 * workflow and shows a property only when its `@version` display option holds that version, so
 * a saved workflow keeps the parameters (and bounds, hints) of the version it was built with.
 */
import type { INodeProperties } from 'n8n-workflow';

export interface VersionedProperties {
	versions: number[];
	/** undefined where a property does not exist in these versions (it keeps its place in the order) */
	properties: Array<INodeProperties | undefined>;
}

function forVersions(versions: number[], property: INodeProperties): INodeProperties {
	const displayOptions = property.displayOptions ?? {};
	return {
		...property,
		displayOptions: {
			...displayOptions,
			show: { ...displayOptions.show, '@version': versions },
		},
	};
}

/** Properties that exist only in these versions (a version whose operations differ altogether). */
export function atVersions(versions: number[], properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => forVersions(versions, property));
}

/**
 * The properties of every version, built by the same code in the same order: a property that is
 * the same in all of them appears once; one that differs (a bound, a hint) appears once per
 * form, shown only for the versions that declare that form; one that some versions lack is shown
 * only for the others.
 */
export function propertiesByVersion(variants: VersionedProperties[]): INodeProperties[] {
	const [first, ...others] = variants;
	if (others.some((variant) => variant.properties.length !== first.properties.length)) {
		throw new Error('Every version must have the same properties in the same order');
	}
	return first.properties.flatMap((property, index) => {
		const same = others.every((variant) => JSON.stringify(variant.properties[index]) === JSON.stringify(property));
		if (same) return property ? [property] : [];
		// versions that declare the same property share one copy, shown for all of them
		const copies = new Map<string, { versions: number[]; property: INodeProperties }>();
		for (const variant of variants) {
			const own = variant.properties[index];
			if (!own) continue;
			const key = JSON.stringify(own);
			const copy = copies.get(key);
			if (copy) copy.versions.push(...variant.versions);
			else copies.set(key, { versions: [...variant.versions], property: own });
		}
		return [...copies.values()].map((copy) => forVersions(copy.versions, copy.property));
	});
}
