/**
 * One description for several versions of a node. n8n stores each node's typeVersion in the
 * workflow and shows a property only when its `@version` display option holds that version, so
 * a saved workflow keeps the parameters (and bounds, hints) of the version it was built with.
 */
import type { INodeProperties } from 'n8n-workflow';

export interface VersionedProperties {
	versions: number[];
	properties: INodeProperties[];
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

/**
 * The properties of every version, built by the same code in the same order: a property that is
 * the same in all of them appears once; one that differs (a bound, a hint) appears once per
 * version, shown only for that version.
 */
export function propertiesByVersion(variants: VersionedProperties[]): INodeProperties[] {
	const [first, ...others] = variants;
	if (others.some((variant) => variant.properties.length !== first.properties.length)) {
		throw new Error('Every version must have the same properties in the same order');
	}
	return first.properties.flatMap((property, index) => {
		const same = others.every((variant) => JSON.stringify(variant.properties[index]) === JSON.stringify(property));
		return same ? [property] : variants.map((variant) => forVersions(variant.versions, variant.properties[index]));
	});
}
