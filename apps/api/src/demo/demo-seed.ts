import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { EASTER_OFFSETS } from '@vtc/shared/calendar/holiday-rules';
import { storeImage } from '../platform/lib/image-files.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { appMeta, cars, destinations, durations, holidays, hourlyRates, origins, pricingListEntries, pricingListPrices, pricings, seasons, tourPrices, tours } from '../platform/db/schema.ts';

const SEEDED_KEY = 'demo_data_loaded_at';

/** The company's fleet, prices and calendar as a new installation starts with. */
const DEMO = {
  cars: [
    { key: 'vclass', name: 'Mercedes Classe V', number: 'GH-284-VT', model: 'V 300 d Avantgarde', seats: 7, packages: 7 },
    { key: 'ford', name: 'Ford Tourneo Custom', number: 'FT-519-RV', model: 'Tourneo Custom Titanium', seats: 4, packages: 4 },
  ],
  seasons: [
    { name: 'winter', startMonth: 12, endMonth: 2 },
    { name: 'spring', startMonth: 3, endMonth: 5 },
    { name: 'summer', startMonth: 6, endMonth: 8 },
    { name: 'autumn', startMonth: 9, endMonth: 11 },
  ] as const,
  /** Euro amounts per car: [kmStart, kmEnd, fixed day, fixed night, per km day, per km night]. */
  bands: {
    vclass: [
      [0, 20, 65, 80, null, null],
      [20, 100, null, null, 2.6, 3.1],
      [100, null, null, null, 2.2, 2.6],
    ],
    ford: [
      [0, 20, 55, 68, null, null],
      [20, 100, null, null, 2.2, 2.6],
      [100, null, null, null, 1.9, 2.3],
    ],
  } as Record<string, [number, number | null, number | null, number | null, number | null, number | null][]>,
  /** Hire with chauffeur per car (issue 22): EUR per hour, minimum hours, km included per hour, EUR per extra km, EUR per day. */
  hire: {
    vclass: [85, 3, 20, 2.5, 650],
    ford: [70, 3, 20, 2.2, 540],
  } as Record<string, [number, number, number, number, number]>,
  /** Three Riviera tours at a fixed price per car (EUR, before the season factor). */
  tours: [
    {
      nameFr: 'Monaco et Èze',
      nameEn: 'Monaco and Èze',
      nameAr: 'موناكو وإز',
      descriptionFr: 'Une demi-journée sur la Moyenne Corniche : la rade de Villefranche-sur-Mer, le village perché d’Èze et son jardin exotique, puis le Rocher de Monaco et Monte-Carlo.',
      descriptionEn: 'Half a day on the Middle Corniche: the bay of Villefranche-sur-Mer, the hilltop village of Èze and its exotic garden, then the Rock of Monaco and Monte Carlo.',
      descriptionAr: 'نصف يوم على الكورنيش الأوسط: خليج فيلفرانش سور مير، وقرية إز المعلّقة وحديقتها الاستوائية، ثم صخرة موناكو ومونتي كارلو.',
      durationHours: 4,
      departures: [
        { name: 'Nice', lat: 43.7102, lon: 7.262 },
        { name: 'Aéroport Nice Côte d’Azur', lat: 43.6584, lon: 7.2159 },
      ],
      visits: [
        { name: 'Villefranche-sur-Mer', lat: 43.704, lon: 7.311 },
        { name: 'Èze', lat: 43.728, lon: 7.3615 },
        { name: 'Monaco', lat: 43.7384, lon: 7.4246 },
      ],
      prices: { vclass: 380, ford: 320 },
    },
    {
      nameFr: 'Saint-Paul-de-Vence et Grasse',
      nameEn: 'Saint-Paul-de-Vence and Grasse',
      nameAr: 'سان بول دو فانس وغراس',
      descriptionFr: 'Les villages de l’arrière-pays : les remparts et les galeries de Saint-Paul-de-Vence, le nid d’aigle de Gourdon, puis Grasse, capitale mondiale du parfum, et la visite d’une parfumerie.',
      descriptionEn: 'The hill villages: the ramparts and galleries of Saint-Paul-de-Vence, the eagle’s nest of Gourdon, then Grasse, the world capital of perfume, and a perfumery visit.',
      descriptionAr: 'قرى الريف الخلفي: أسوار سان بول دو فانس ومعارضها، وقرية غوردون المعلّقة كعشّ النسر، ثم غراس عاصمة العطور في العالم وزيارة أحد مصانع العطور.',
      durationHours: 5,
      departures: [
        { name: 'Nice', lat: 43.7102, lon: 7.262 },
        { name: 'Cannes', lat: 43.5528, lon: 7.0174 },
      ],
      visits: [
        { name: 'Saint-Paul-de-Vence', lat: 43.6967, lon: 7.1227 },
        { name: 'Gourdon', lat: 43.7203, lon: 6.9781 },
        { name: 'Grasse', lat: 43.6589, lon: 6.9237 },
      ],
      prices: { vclass: 450, ford: 380 },
    },
    {
      nameFr: 'Corniche de l’Estérel',
      nameEn: 'The Esterel Corniche',
      nameAr: 'كورنيش إستيريل',
      descriptionFr: 'Le bord de mer d’Antibes à Saint-Raphaël : le vieil Antibes, la Croisette de Cannes, puis la route des roches rouges de l’Estérel par Théoule-sur-Mer.',
      descriptionEn: 'The coast from Antibes to Saint-Raphaël: old Antibes, the Croisette in Cannes, then the red-rock road of the Esterel through Théoule-sur-Mer.',
      descriptionAr: 'الساحل من أنتيب إلى سان رافاييل: أنتيب القديمة، وكورنيش لا كروازيت في كان، ثم طريق الصخور الحمراء في إستيريل مروراً بتيول سور مير.',
      durationHours: 6,
      departures: [
        { name: 'Cannes', lat: 43.5528, lon: 7.0174 },
        { name: 'Nice', lat: 43.7102, lon: 7.262 },
      ],
      visits: [
        { name: 'Antibes', lat: 43.5808, lon: 7.1239 },
        { name: 'Cannes', lat: 43.5528, lon: 7.0174 },
        { name: 'Théoule-sur-Mer', lat: 43.5069, lon: 6.9405 },
        { name: 'Saint-Raphaël', lat: 43.4253, lon: 6.7684 },
      ],
      prices: { vclass: 520, ford: 440 },
    },
  ],
  /** High season costs 10 % more. */
  seasonFactor: { winter: 1, spring: 1, summer: 1.1, autumn: 1 } as Record<string, number>,
  origins: [
    { name: 'Nice', title: 'vtc-nice', to: [['Monaco', 95, 80], ['Cannes', 105, 90], ['Antibes', 80, 70], ['Menton', 110, 95], ['Saint-Tropez', 320, 270], ['Grasse', 110, 95]] },
    { name: 'Cannes', title: 'vtc-cannes', to: [['Nice', 105, 90], ['Monaco', 160, 135], ['Saint-Tropez', 230, 195], ['Antibes', 60, 50]] },
    { name: 'Monaco', title: 'vtc-monaco', to: [['Nice', 95, 80], ['Cannes', 160, 135], ['Menton', 55, 45], ['San Remo', 120, 100]] },
    { name: 'Marseille', title: 'vtc-marseille', to: [['Aix-en-Provence', 85, 70], ['Cassis', 75, 65], ['Toulon', 140, 120], ['Nice', 520, 450]] },
    { name: 'Toulon', title: 'vtc-toulon', to: [['Marseille', 140, 120], ['Hyères', 60, 50], ['Saint-Tropez', 190, 160], ['Bandol', 55, 45]] },
  ] as { name: string; title: string; to: [string, number, number][] }[],
  /** The eleven French public holidays: eight fixed dates and three counted from Easter. */
  holidays: [
    ['Jour de l’an', 1, 1],
    ['Fête du Travail', 1, 5],
    ['Victoire 1945', 8, 5],
    ['Fête nationale', 14, 7],
    ['Assomption', 15, 8],
    ['Toussaint', 1, 11],
    ['Armistice 1918', 11, 11],
    ['Noël', 25, 12],
  ] as [string, number, number][],
  easterHolidays: [
    ['Lundi de Pâques', EASTER_OFFSETS.easterMonday],
    ['Ascension', EASTER_OFFSETS.ascension],
    ['Lundi de Pentecôte', EASTER_OFFSETS.whitMonday],
  ] as [string, number][],
  durations: [
    ['Nice', 'Monaco', 35],
    ['Nice', 'Cannes', 40],
    ['Nice', 'Saint-Tropez', 110],
    ['Cannes', 'Monaco', 60],
    ['Marseille', 'Toulon', 55],
    ['Marseille', 'Aix-en-Provence', 35],
  ] as [string, string, number][],
};

const cents = (euros: number | null) => (euros === null ? null : Math.round(euros * 100));

export async function isDemoLoaded(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
  return Boolean(row);
}

/** Stores the demo van picture as an upload (one row the demo cars share) and gives its URL. */
async function demoCarImage(tx: DbOrTx): Promise<string> {
  return storeImage(tx, await readFile(path.join(import.meta.dirname, 'seed-assets', 'van.webp')));
}

/**
 * Loads the demo data once; later starts find the marker and leave the data alone. With
 * `images`, the demo cars get a picture.
 */
export async function seedDemoData(db: Db, options: { images?: boolean } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await isDemoLoaded(tx)) return false;
    const carIds = new Map<string, number>();
    const imgUrl = options.images ? await demoCarImage(tx) : null;
    const seasonFactors = new Map<number, number>();
    for (const { key, ...car } of DEMO.cars) {
      const [row] = await tx
        .insert(cars)
        .values({ ...car, imgUrl })
        .returning({ id: cars.id });
      carIds.set(key, row!.id);
    }
    for (const season of DEMO.seasons) {
      const [row] = await tx.insert(seasons).values(season).returning({ id: seasons.id });
      const factor = DEMO.seasonFactor[season.name] ?? 1;
      seasonFactors.set(row!.id, factor);
      for (const [key, carId] of carIds) {
        for (const [kmStart, kmEnd, day, night, perKm, perKmNight] of DEMO.bands[key] ?? []) {
          await tx.insert(pricings).values({
            carId,
            seasonId: row!.id,
            kmStart,
            kmEnd,
            minPriceCents: cents(day && day * factor),
            minPriceNightCents: cents(night && night * factor),
            pricePerKmCents: cents(perKm && perKm * factor),
            priceNightPerKmCents: cents(perKmNight && perKmNight * factor),
          });
        }
        const [perHour, minHours, kmIncludedPerHour, perExtraKm, perDay] = DEMO.hire[key]!;
        await tx.insert(hourlyRates).values({
          carId,
          seasonId: row!.id,
          pricePerHourCents: cents(Math.round(perHour * factor))!,
          minHours,
          kmIncludedPerHour,
          pricePerExtraKmCents: cents(perExtraKm)!,
          pricePerDayCents: cents(Math.round(perDay * factor)),
        });
      }
    }
    for (const { prices, ...tour } of DEMO.tours) {
      const [row] = await tx
        .insert(tours)
        .values({ ...tour, imgUrl })
        .returning({ id: tours.id });
      for (const [seasonId, factor] of seasonFactors) {
        for (const [key, carId] of carIds) {
          const euros = prices[key as keyof typeof prices];
          await tx.insert(tourPrices).values({ tourId: row!.id, carId, seasonId, priceCents: cents(Math.round(euros * factor))! });
        }
      }
    }
    for (const origin of DEMO.origins) {
      const [o] = await tx.insert(origins).values({ name: origin.name, title: origin.title }).returning({ id: origins.id });
      for (const [name, vclassEuros, fordEuros] of origin.to) {
        const [d] = await tx.insert(destinations).values({ originId: o!.id, name }).returning({ id: destinations.id });
        const [entry] = await tx
          .insert(pricingListEntries)
          .values({ originId: o!.id, destinationId: d!.id, placeTo: name })
          .returning({ id: pricingListEntries.id });
        await tx.insert(pricingListPrices).values([
          { entryId: entry!.id, carId: carIds.get('vclass')!, priceCents: cents(vclassEuros)! },
          { entryId: entry!.id, carId: carIds.get('ford')!, priceCents: cents(fordEuros)! },
        ]);
      }
    }
    await tx.insert(holidays).values([
      ...DEMO.holidays.map(([title, day, month]) => ({ title, kind: 'fixed' as const, day, month })),
      ...DEMO.easterHolidays.map(([title, easterOffset]) => ({ title, kind: 'easter' as const, easterOffset })),
    ]);
    await tx
      .insert(durations)
      .values(DEMO.durations.map(([origin, destination, durationMinutes]) => ({ origin, destination, durationMinutes })));
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
