import '../shared/base.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Select from 'react-select';
import AsyncSelect from 'react-select/async';
import CreatableSelect from 'react-select/creatable';
import {
  reactSelectTripInitialData,
  tripCities,
  tripColleagues,
  tripCostCenters,
  tripHotels,
  tripTags,
  type ReactSelectTripData,
  type ReactSelectTripView,
  type TripFields,
  type TripOption,
} from '../../src/fixtures/react-select-trip.js';
import { sorted, useExposedState } from '../shared/testbed-state.js';

const find = (options: readonly TripOption[], value: string | null) =>
  options.find((option) => option.value === value) ?? null;

function searchHotels(typed: string): Promise<TripOption[]> {
  return new Promise((resolve) => {
    window.setTimeout(
      () => resolve(tripHotels.filter((hotel) => hotel.label.toLowerCase().includes(typed.trim().toLowerCase()))),
      150,
    );
  });
}

function App() {
  const [data, setData] = useState<ReactSelectTripData>(() => structuredClone(reactSelectTripInitialData));
  const [view, setView] = useState<ReactSelectTripView>({ errors: [] });
  const [createdTags, setCreatedTags] = useState<TripOption[]>([]);
  useExposedState('react-select-trip', data, view);
  const fields = data.fields;
  const set = (change: Partial<TripFields>) => setData((old) => ({ ...old, fields: { ...old.fields, ...change } }));
  const allTags = [...tripTags, ...createdTags];

  const submit = () => {
    const errors: string[] = [];
    if (fields.travellerName.trim() === '') errors.push('Enter the name of the person requesting.');
    if (fields.from === null || fields.to === null) errors.push('Choose where the trip starts and ends.');
    if (fields.from !== null && fields.from === fields.to) errors.push('From and To must differ.');
    if (fields.costCenter === null) errors.push('Choose a cost center.');
    setView({ errors });
    if (errors.length === 0) setData((old) => ({ ...old, submitted: { ...old.fields } }));
  };

  return (
    <>
      <header className="top">
        <h1>Tidewater Travel</h1>
      </header>
      <main>
        <form
          className="card"
          style={{ maxWidth: 620 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2>Trip request</h2>
          <label htmlFor="traveller-name">Requested by</label>
          <input
            id="traveller-name"
            type="text"
            value={fields.travellerName}
            onChange={(event) => set({ travellerName: event.target.value })}
          />
          <label htmlFor="from-input">From</label>
          <Select
            inputId="from-input"
            options={tripCities}
            value={find(tripCities, fields.from)}
            onChange={(option) => set({ from: option?.value ?? null })}
          />
          <label htmlFor="to-input">To</label>
          <Select
            inputId="to-input"
            options={tripCities}
            value={find(tripCities, fields.to)}
            onChange={(option) => set({ to: option?.value ?? null })}
          />
          <label htmlFor="travellers-input">Travellers</label>
          <Select
            inputId="travellers-input"
            isMulti
            options={tripColleagues}
            value={tripColleagues.filter((option) => fields.travellers.includes(option.value))}
            onChange={(options) => set({ travellers: sorted(options.map((option) => option.value)) })}
          />
          <label htmlFor="cost-center-input">Cost center</label>
          <Select
            inputId="cost-center-input"
            isClearable
            options={tripCostCenters}
            value={find(tripCostCenters, fields.costCenter)}
            onChange={(option) => set({ costCenter: option?.value ?? null })}
          />
          <label htmlFor="hotel-input">Hotel</label>
          <AsyncSelect
            inputId="hotel-input"
            cacheOptions
            loadOptions={searchHotels}
            placeholder="Type to search hotels…"
            value={find(tripHotels, fields.hotel)}
            onChange={(option) => set({ hotel: option?.value ?? null })}
          />
          <label htmlFor="tags-input">Tags</label>
          <CreatableSelect
            inputId="tags-input"
            isMulti
            options={allTags}
            value={allTags.filter((option) => fields.tags.includes(option.value))}
            onChange={(options) => set({ tags: sorted(options.map((option) => option.value)) })}
            onCreateOption={(text) => {
              const tag = text.trim();
              if (tag === '') return;
              setCreatedTags((old) => [...old, { value: tag, label: tag }]);
              set({ tags: sorted([...fields.tags, tag]) });
            }}
          />
          <div className="error" role="alert">
            {view.errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
          <p>
            <button className="primary" type="submit">
              Submit request
            </button>
          </p>
          {data.submitted !== null && <p className="notice">Request sent for approval.</p>}
        </form>
      </main>
    </>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
