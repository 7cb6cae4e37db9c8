import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The user's last saved position, while location triggers are on. */
@Entity({ schema: 'notifications', name: 'user_locations' })
export class UserLocationEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('double precision')
  lat!: number;

  @Column('double precision')
  lon!: number;

  @Column('varchar', { name: 'location_name', length: 200, nullable: true })
  locationName!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
